import { mkdtempSync, rmSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { startEmulator } from '../../../../supabase/emulator/src/start-emulator';
import { describeEachEmulator } from '../../../support/emulator';
import { RELAXED_LIMITS, client, inbox, uniqueEmail } from '../auth/support';

describeEachEmulator(
  'inbox',
  (suite) => {
    const emulator = () => suite.emulator();
    it('lists messages per address, newest first, with the documented JSON shape', async () => {
      const e = emulator();
      const email = uniqueEmail('inbox');
      await client(e).auth.signUp({ email, password: 'password-1' });
      await client(e).auth.resend({ type: 'signup', email });
      const messages = await inbox(e, email);
      expect(messages).toHaveLength(2);
      const [newest, older] = messages;
      expect(Object.keys(newest ?? {}).sort()).toEqual(
        ['channel', 'created_at', 'html', 'id', 'links', 'subject', 'text', 'to'].sort(),
      );
      expect(newest?.to).toBe(email);
      expect(newest?.channel).toBe('email');
      expect(newest?.links.some((l) => l.startsWith(`${e.url}/auth/v1/verify?`))).toBe(true);
      expect((newest?.created_at ?? '') > (older?.created_at ?? '')).toBe(true);
      // Matching is case-insensitive.
      expect(await inbox(e, email.toUpperCase())).toHaveLength(2);
    });

    it('shows an HTML inbox with clickable links and escapes what it shows', async () => {
      const e = emulator();
      await e.context.mailbox.send({
        to: 'escape@example.test',
        subject: '<img src=x onerror=alert(1)> hello',
        text: 'Open http://127.0.0.1:4173/home?a=1&b=2 now',
        html: '<p><a href="http://127.0.0.1:4173/home?a=1&amp;b=2">Open</a></p>',
      });
      const page = await fetch(`${e.url}/inbox`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      const html = await page.text();
      expect(html).not.toContain('<img src=x');
      expect(html).toContain('&#60;img src=x onerror=alert(1)&#62; hello');
      expect(html).toContain('<a href="http://127.0.0.1:4173/home?a=1&#38;b=2"');
      const [message] = await inbox(e, 'escape@example.test');
      expect(message?.links).toEqual(['http://127.0.0.1:4173/home?a=1&b=2']);
      const single = await fetch(`${e.url}/inbox/messages/${message?.id ?? ''}`);
      expect(single.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(await single.text()).toContain('<a href=');
    });

    it('keeps messages in a private schema the API roles cannot reach', async () => {
      const e = emulator();
      const { rows } = await e.engine.query<{ anon: boolean; authenticated: boolean; table: string | null }>(
        `select has_schema_privilege('anon', 'emulator', 'usage') as anon,
                has_schema_privilege('authenticated', 'emulator', 'usage') as authenticated,
                to_regclass('public.messages')::text as table`,
      );
      expect(rows[0]).toEqual({ anon: false, authenticated: false, table: null });
    });

    it('clears messages for one address or all', async () => {
      const e = emulator();
      await e.context.mailbox.send({ to: 'keep@example.test', subject: 's', text: 't', html: '<p>t</p>' });
      await e.context.mailbox.send({ to: 'drop@example.test', subject: 's', text: 't', html: '<p>t</p>' });
      const one = await fetch(`${e.url}/inbox/api/messages?to=drop@example.test`, { method: 'DELETE' });
      expect(((await one.json()) as { deleted: number }).deleted).toBe(1);
      expect(await inbox(e, 'keep@example.test')).toHaveLength(1);
      await fetch(`${e.url}/inbox/api/messages`, { method: 'DELETE' });
      const all = (await (await fetch(`${e.url}/inbox/api/messages`)).json()) as unknown[];
      expect(all).toEqual([]);
    });
  },
  RELAXED_LIMITS,
);

describe('inbox persistence', () => {
  it('keeps messages across an emulator restart (PGlite data directory)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spotter-inbox-'));
    try {
      const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
      const first = await startEmulator({ port: 0, dataDir: dir, loadDataDir: snapshot });
      await first.context.mailbox.send({
        to: 'later@example.test',
        subject: 'Kept',
        text: 'x',
        html: '<p>x</p>',
      });
      await first.stop();
      const second = await startEmulator({ port: 0, dataDir: dir });
      try {
        const messages = await inbox(second, 'later@example.test');
        expect(messages.map((m) => m.subject)).toEqual(['Kept']);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
