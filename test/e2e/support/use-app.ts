// One e2e file's set-up: the production build with its own emulator and one Chromium for the file, a fresh
// browser context per device, and after every test a check that no device logged a console error or a
// failed request it did not expect (each context is closed then). A file whose tests are the steps of one
// journey on one page opens it with `journeyDevice()`: kept from test to test (each test answers for the
// problems that arose while it ran), closed after the file. Files that need no backend use
// ./use-browser.ts instead.
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startAppWithEmulator, type AppOptions, type AppWithEmulator } from './app-with-emulator';
import { launchBrowser } from './browser';
import { accessToken, openContext, rpcAs, type TestUser, type WatchedContext } from './signed-in-app';

export interface AppHarness {
  /** The running app and its emulator (inside tests and hooks). */
  readonly app: AppWithEmulator;
  /**
   * A new device: a fresh context (en-US, 1280×800 unless `options` say otherwise). `expected` returns
   * the console problems this test provokes on purpose (offline requests, refused RPCs), read at check time.
   */
  device: (expected?: () => RegExp[], options?: BrowserContextOptions) => Promise<WatchedContext>;
  /**
   * A device kept for the rest of the file (its tests are steps of one journey), closed after the last
   * test. After each test, the problems that arose while it ran and `expected` does not match fail it.
   */
  journeyDevice: (expected?: () => RegExp[], options?: BrowserContextOptions) => Promise<WatchedContext>;
  /** Rows of a query run with the emulator's own connection (the database as it stands). */
  rows: <R>(sql: string, params?: unknown[]) => Promise<R[]>;
  /** Makes two users friends through the real RPCs: a sends the request, b accepts it. */
  befriend: (a: TestUser, b: TestUser) => Promise<void>;
}

export interface HarnessOptions extends AppOptions {
  /** The full Chromium instead of its headless shell (browser.ts): for the notification permission and display. */
  fullBrowser?: boolean;
}

export function useAppWithEmulator({ fullBrowser = false, ...options }: HarnessOptions = {}): AppHarness {
  let app: AppWithEmulator | undefined;
  let browser: Browser | undefined;
  let opened: WatchedContext[] = [];
  /** Journey devices: every problem so far (unfiltered), how many a test has answered for, its filter. */
  const journeys: { watched: WatchedContext; checked: number; expected: () => RegExp[] }[] = [];

  beforeAll(async () => {
    app = await startAppWithEmulator(options);
    browser = await launchBrowser({ full: fullBrowser });
  }, 240_000);

  afterAll(async () => {
    await Promise.all(journeys.map((j) => j.watched.context.close().catch(() => undefined)));
    await browser?.close();
    await app?.stop();
  });

  afterEach(async () => {
    const all = opened;
    opened = [];
    const problems = all.flatMap((o) => o.problems());
    for (const journey of journeys) {
      const list = journey.watched.problems();
      const expected = journey.expected();
      problems.push(
        ...list.slice(journey.checked).filter((p) => !expected.some((pattern) => pattern.test(p))),
      );
      journey.checked = list.length;
    }
    await Promise.all(all.map((o) => o.context.close()));
    expect(problems, 'console errors or failed requests').toEqual([]);
  });

  const running = (): AppWithEmulator => {
    if (app === undefined) throw new Error('useAppWithEmulator(): the app is not running yet');
    return app;
  };

  const harness: AppHarness = {
    get app() {
      return running();
    },
    device: async (expected = () => [], options = {}) => {
      if (browser === undefined) throw new Error('useAppWithEmulator(): the browser is not running');
      const watched = await openContext(browser, running().baseUrl, expected, options);
      opened.push(watched);
      return watched;
    },
    journeyDevice: async (expected = () => [], options = {}) => {
      if (browser === undefined) throw new Error('useAppWithEmulator(): the browser is not running');
      const watched = await openContext(browser, running().baseUrl, () => [], options);
      const journey = { watched, checked: 0, expected };
      journeys.push(journey);
      return {
        ...watched,
        problems: () => watched.problems().filter((p) => !expected().some((pattern) => pattern.test(p))),
        clearProblems: () => {
          watched.clearProblems();
          journey.checked = 0;
        },
      };
    },
    rows: async <R>(sql: string, params: unknown[] = []) =>
      (await running().emulator.engine.query<R>(sql, params)).rows,
    befriend: async (a, b) => {
      const { emulator } = running();
      await rpcAs(emulator, await accessToken(emulator, a), 'send_friend_request', { p_receiver_id: b.id });
      const [request] = await harness.rows<{ id: string }>(
        "select id from public.friend_requests where sender_id = $1 and receiver_id = $2 and status = 'pending'",
        [a.id, b.id],
      );
      if (!request) throw new Error(`no pending request from ${a.username} to ${b.username}`);
      await rpcAs(emulator, await accessToken(emulator, b), 'respond_friend_request', {
        p_request_id: request.id,
        p_accept: true,
      });
    },
  };
  return harness;
}
