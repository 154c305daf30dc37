// The service worker against the production build and the emulator, in Chromium: registration and
// control, the app from the precache while offline, and the write queue (202 when offline, replay when
// back online with the freshest stored token, each write applied once, refused writes recorded).
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { AppWithEmulator } from './support/app-with-emulator';
import { describeInBrowser } from './support/browser';
import { skipWalkthrough } from './support/home-app';
import {
  collectWorkerMessages,
  postRpc,
  readWorkerStore,
  replayNow,
  storeSessionInPage,
  workerMessages,
} from './support/service-worker-page';
import { signInThroughUi, SYNC_PASSWORD } from './support/sync-user';
import { useAppWithEmulator } from './support/use-app';

const GYM = 'de-berlin-mcfit-alexanderplatz';

async function until<T>(
  what: string,
  probe: () => Promise<T | null | false>,
  explain: () => Promise<unknown>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== false) return value;
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}: ${JSON.stringify(await explain(), null, 1)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describeInBrowser('offline: service worker and write queue (production build, emulator)', () => {
  const harness = useAppWithEmulator();
  let app: AppWithEmulator;
  let context: BrowserContext;
  let page: Page;
  let problems: () => string[];
  let clearProblems: () => void;
  let user: { id: string; accessToken: string };
  let email: string;

  const count = async (sql: string, params: unknown[]): Promise<number> => {
    const result = await app.emulator.engine.query<{ n: number }>(sql, params);
    return result.rows[0]?.n ?? -1;
  };
  const auth = (accessToken = user.accessToken) => ({ anonKey: app.emulator.status.ANON_KEY, accessToken });
  /** An access token of the same user that expires in `seconds` (the emulator's own signing key). */
  const tokenExpiringIn = async (seconds: number): Promise<string> => {
    const claims = JSON.parse(
      Buffer.from(user.accessToken.split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, unknown>;
    const { exp: _exp, iat: _iat, ...rest } = claims;
    return app.emulator.context.keys.signAccessToken(rest, seconds);
  };

  beforeAll(async () => {
    app = harness.app;
    email = `sw-${randomUUID().slice(0, 8)}@example.test`;
    const signUp = await fetch(`${app.emulator.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: app.emulator.status.ANON_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        password: SYNC_PASSWORD,
        data: { username: 'offline_tester' },
      }),
    });
    expect(signUp.status).toBe(200);
    const session = (await signUp.json()) as { access_token: string; user: { id: string } };
    user = { id: session.user.id, accessToken: session.access_token };

    // One page for the whole file: its service worker and queue carry over from test to test.
    ({ context, page, problems, clearProblems } = await harness.journeyDevice());
  });

  it('registers /sw.js with root scope and controls the page after a reload', async () => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Never skip leg day alone.' }).waitFor();
    const registration = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return { script: ready.active?.scriptURL ?? null, scope: ready.scope };
    });
    expect(registration).toEqual({ script: `${app.baseUrl}/sw.js`, scope: `${app.baseUrl}/` });

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Never skip leg day alone.' }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toBe(
      `${app.baseUrl}/sw.js`,
    );
    expect(problems()).toEqual([]);
  });

  it('renders the landing page and a deep link from the precache while offline', async () => {
    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Never skip leg day alone.' }).waitFor();
      await page.goto('/login');
      await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
      await page.goto('/login?lng=de');
      await page.getByRole('heading', { level: 1, name: 'Willkommen zurück' }).waitFor();
      expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    } finally {
      await context.setOffline(false);
    }
    await page.goto('/?lng=en');
    await page.getByRole('heading', { level: 1, name: 'Never skip leg day alone.' }).waitFor();
    expect(problems()).toEqual([]);
  });

  it('a page chunk that fails offline says so, and the app still starts offline afterwards', async () => {
    await page.goto('/?lng=en');
    await page.getByRole('heading', { level: 1, name: 'Never skip leg day alone.' }).waitFor();
    // Take the terms page's chunk out of the precache, as an evicted or never-stored entry would be.
    const removed = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          if (/\/assets\/terms\.lazy-[^/]+\.js$/.test(request.url) && (await cache.delete(request))) {
            urls.push(request.url);
          }
        }
      }
      return urls;
    });
    expect(removed).toHaveLength(1);
    const precached = () =>
      page.evaluate(async () => {
        let n = 0;
        for (const name of await caches.keys()) n += (await (await caches.open(name)).keys()).length;
        return n;
      });
    const before = await precached();
    await context.setOffline(true);
    try {
      // The shell starts from the precache; the route's lazy chunk is fetched, retried twice, and fails.
      await page.goto('/terms');
      await page
        .getByRole('heading', { level: 1, name: 'Something went wrong' })
        .waitFor({ timeout: 15_000 })
        .catch(async (error: unknown) => {
          const headings = await page.getByRole('heading').allTextContents();
          throw new Error(`no error page; headings: ${JSON.stringify(headings)}; ${String(error)}`);
        });
      await page
        .getByText('This page is not saved on this device yet. Connect to the internet and reload.')
        .waitFor();
      // Nothing was cleared and nothing reloaded: the rest of the app is still there, offline.
      expect(await precached()).toBe(before);
      await page.goto('/login');
      await page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor();
    } finally {
      await context.setOffline(false);
    }
    // The chunk's failures were the point (the service worker answers a missing entry offline with
    // ERR_FAILED); nothing else may have gone wrong. The next tests start from a clean list.
    const unrelated = problems().filter(
      (p) => !p.includes('terms.lazy') && !p.endsWith('Failed to load resource: net::ERR_FAILED'),
    );
    clearProblems();
    expect(unrelated).toEqual([]);
  });

  it('queues RPC writes made offline and replays them once online: each applied exactly once', async () => {
    const checkInId = randomUUID();
    const restDay = new Date().toISOString().slice(0, 10);
    await collectWorkerMessages(page);
    // The token the writes are made with expires before the replay; the page stores a fresh one meanwhile.
    const shortLived = await tokenExpiringIn(2);

    await context.setOffline(true);
    const first = await postRpc(page, 'check_in', { p_id: checkInId, p_gym_id: GYM }, auth(shortLived));
    // A double tap (or a worker retry) of the same intent: a second entry with the same client id.
    const second = await postRpc(page, 'check_in', { p_id: checkInId, p_gym_id: GYM }, auth(shortLived));
    const rest = await postRpc(page, 'confirm_rest_day', { p_day: restDay }, auth(shortLived));
    for (const answer of [first, second, rest]) {
      expect(answer.status).toBe(202);
      expect(answer.queuedHeader).toBe('1');
      expect(answer.body).toMatchObject({ queued: true, id: expect.any(String) as string });
    }
    const queued = await readWorkerStore<{ id: string; rpc: string; userId: string }>(page, 'queue');
    expect(queued.map((entry) => [entry.rpc, entry.userId])).toEqual([
      ['check_in', user.id],
      ['check_in', user.id],
      ['confirm_rest_day', user.id],
    ]);
    expect(queued.map((entry) => entry.id)).toEqual(
      [first, second, rest].map((answer) => (answer.body as { id: string }).id),
    );
    expect(await count('select count(*)::int as n from public.check_ins where id = $1', [checkInId])).toBe(0);

    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const fresh = await tokenExpiringIn(3600);
    await storeSessionInPage(page, {
      userId: user.id,
      accessToken: fresh,
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    });
    await context.setOffline(false);

    // Background Sync (registered while offline) fires on reconnect: no REPLAY from the page needed.
    await until(
      'Background Sync to drain the queue',
      async () => (await readWorkerStore(page, 'queue')).length === 0,
      () => readWorkerStore(page, 'queue'),
    );
    expect(await count('select count(*)::int as n from public.check_ins where id = $1', [checkInId])).toBe(1);
    expect(
      await count('select count(*)::int as n from public.rest_days where user_id = $1 and day = $2', [
        user.id,
        restDay,
      ]),
    ).toBe(1);
    expect(
      await count(
        "select count(*)::int as n from public.xp_events where user_id = $1 and source = 'rest_day'",
        [user.id],
      ),
    ).toBe(1);
    // The worker removes an entry and then tells its pages, so the last message may trail the empty queue.
    const outcomes = await until(
      'an outcome message for each of the three writes',
      async () => {
        const heard = (await workerMessages(page)).filter((message) => message.type === 'QUEUE_OUTCOME');
        return heard.length >= 3 ? heard : false;
      },
      () => workerMessages(page),
    );
    expect(outcomes.map((message) => (message.outcome as { result: string }).result)).toEqual([
      'applied',
      'applied',
      'applied',
    ]);
    expect(await readWorkerStore(page, 'outcomes')).toEqual([]);

    // Online again, the same intent goes straight through and still applies once.
    const again = await postRpc(page, 'check_in', { p_id: checkInId, p_gym_id: GYM }, auth(fresh));
    expect(again.status).toBe(200);
    expect(again.queuedHeader).toBeNull();
    expect(await count('select count(*)::int as n from public.check_ins where id = $1', [checkInId])).toBe(1);
    expect(problems()).toEqual([]);
  });

  it('records a write the server refuses for good instead of dropping it', async () => {
    await collectWorkerMessages(page);
    await context.setOffline(true);
    const refused = await postRpc(page, 'check_in', { p_id: randomUUID(), p_gym_id: 'no-such-gym' }, auth());
    expect(refused.status).toBe(202);
    await context.setOffline(false);

    const [outcome] = await until(
      'the refused write to be recorded',
      async () => {
        const rows = await readWorkerStore<{ id: string; status: number; rpc: string; body: string }>(
          page,
          'outcomes',
        );
        if (rows.length > 0) return rows;
        await replayNow(page);
        return false;
      },
      () => readWorkerStore(page, 'queue'),
    );
    expect(outcome).toMatchObject({ id: (refused.body as { id: string }).id, rpc: 'check_in' });
    expect(outcome?.status).toBeGreaterThanOrEqual(400);
    expect(outcome?.status).toBeLessThan(500);
    expect(outcome?.body).toContain('Gym not found');
    expect(await readWorkerStore(page, 'queue')).toEqual([]);
    // As above: the outcome is stored first, and the message to the page follows.
    const messages = await until(
      'the outcome message for the refused write',
      async () => {
        const heard = await workerMessages(page);
        return heard.some((message) => message.type === 'QUEUE_OUTCOME') ? heard : false;
      },
      () => workerMessages(page),
    );
    expect(messages).toContainEqual(
      expect.objectContaining({
        type: 'QUEUE_OUTCOME',
        outcome: expect.objectContaining({ result: 'rejected', id: outcome?.id }) as unknown,
      }),
    );
    expect(problems()).toEqual([]);

    // The signed-in app shows it in the sync panel with the server's reason, and Discard removes it. A
    // second tab of the same browser (the same queue); signed out again afterwards for the next tests.
    const tab = await context.newPage();
    try {
      await signInThroughUi(tab, { id: user.id, email });
      await skipWalkthrough(tab);
      await tab.getByRole('button', { name: '1 change not saved', exact: true }).click();
      const panel = tab.getByRole('dialog', { name: 'Sync' });
      await panel.getByText('Check-in at a gym').waitFor();
      await panel.getByText('This gym does not exist.').waitFor();
      await panel.getByRole('button', { name: 'Discard: Check-in at a gym' }).click();
      await panel.getByText('Check-in at a gym').waitFor({ state: 'detached' });
      expect(await readWorkerStore(page, 'outcomes')).toEqual([]);
    } finally {
      await tab.evaluate(() => localStorage.clear()).catch(() => undefined);
      await tab.close();
    }
  });
  it('a write made while earlier ones wait goes behind them, and its token lets them all through', async () => {
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // A check-in queued offline whose token (and the stored one) expires: it waits for a token.
    const checkInId = randomUUID();
    const stale = await tokenExpiringIn(1);
    await storeSessionInPage(page, { userId: user.id, accessToken: stale, expiresAt: 0 });
    await context.setOffline(true);
    expect((await postRpc(page, 'check_in', { p_id: checkInId, p_gym_id: GYM }, auth(stale))).status).toBe(
      202,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await context.setOffline(false);
    await until(
      'the check-in to wait for a token',
      async () => {
        const [entry] = await readWorkerStore<{ waitingForToken: boolean }>(page, 'queue');
        if (entry?.waitingForToken === true) return true;
        await replayNow(page);
        return false;
      },
      () => readWorkerStore(page, 'queue'),
    );

    // Online, the user checks out with a fresh token. Sent directly it would fail (no check-in yet on the
    // server); the worker queues it behind the check-in, replays both with this token, and answers with
    // the server's own response.
    const checkOut = await postRpc(
      page,
      'check_out',
      { p_check_in_id: checkInId },
      auth(await tokenExpiringIn(3600)),
    );
    expect(checkOut.status, JSON.stringify(await readWorkerStore(page, 'queue'))).toBe(200);
    expect(checkOut.queuedHeader).toBeNull();
    expect(checkOut.body).toMatchObject({ id: checkInId, checked_out_at: expect.any(String) as string });
    expect(await readWorkerStore(page, 'queue')).toEqual([]);
    expect(
      await count(
        'select count(*)::int as n from public.check_ins where id = $1 and checked_out_at is not null',
        [checkInId],
      ),
    ).toBe(1);
    expect(problems()).toEqual([]);
  });

  it('a new service worker version takes over and reloads the page once; a queued write survives it', async () => {
    // A write that waits for a token: queued offline, and both it and the stored token expire.
    const checkInId = randomUUID();
    const stale = await tokenExpiringIn(1);
    await storeSessionInPage(page, { userId: user.id, accessToken: stale, expiresAt: 0 });
    await context.setOffline(true);
    expect((await postRpc(page, 'check_in', { p_id: checkInId, p_gym_id: GYM }, auth(stale))).status).toBe(
      202,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await context.setOffline(false);
    await until(
      'the replay to wait for a token',
      async () => {
        const [entry] = await readWorkerStore<{ waitingForToken: boolean }>(page, 'queue');
        if (entry?.waitingForToken === true) return true;
        await replayNow(page);
        return false;
      },
      () => readWorkerStore(page, 'queue'),
    );

    // Deploy: the next update check finds a different /sw.js; it installs, activates and reloads the page.
    app.setServiceWorkerVersion('2');
    await page.evaluate(() => {
      (window as unknown as { beforeUpdate?: boolean }).beforeUpdate = true;
    });
    const loads: number[] = [];
    page.on('load', () => loads.push(Date.now()));
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await until(
      'the page to reload under the new worker',
      async () => loads.length > 0,
      async () => ({ loads }),
    );
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(
      undefined,
    );
    const scripts = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { waiting: registration?.waiting ?? null, active: registration?.active?.state ?? null };
    });
    expect(scripts).toEqual({ waiting: null, active: 'activated' });
    // No reload loop.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(loads).toHaveLength(1);

    // The write is still queued under the new worker. The page stores a fresh token; a reload applies
    // it through the REPLAY every page start posts (no Background Sync is pending after a 401, and the
    // worker, busy seconds ago, is normally still running, so its own start-up replay does not run).
    expect(await readWorkerStore(page, 'queue')).toHaveLength(1);
    const fresh = await tokenExpiringIn(3600);
    await storeSessionInPage(page, { userId: user.id, accessToken: fresh, expiresAt: 0 });
    await page.reload();
    await until(
      "the page start's REPLAY to apply the write",
      async () => (await readWorkerStore(page, 'queue')).length === 0,
      () => readWorkerStore(page, 'queue'),
    );
    expect(await count('select count(*)::int as n from public.check_ins where id = $1', [checkInId])).toBe(1);
    expect(problems()).toEqual([]);
  });
});
