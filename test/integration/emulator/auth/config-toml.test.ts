/**
 * The emulator follows supabase/config.toml: a copy with changed values (password minimum, a template,
 * the /verify limit) changes what the emulator does, and the repository's own file keeps the
 * password minimum the app checks. Passwords over 72 UTF-8 bytes are refused as GoTrue refuses them.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MIN_LENGTH } from '../../../../src/domain/constants';
import { resolveConfig } from '../../../../supabase/emulator/src/config';
import { DEFAULT_CONFIG_PATH } from '../../../../supabase/emulator/src/project-config';
import { createTestClient, describeEachEmulator } from '../../../support/emulator';
import { RELAXED_LIMITS, client, latestMessage, signedInUser, uniqueEmail, verifyLink } from './support';

/** A project folder with a changed copy of the repository's config.toml and one changed template. */
function changedProject(): string {
  const project = mkdtempSync(join(tmpdir(), 'spotter-config-'));
  mkdirSync(join(project, 'supabase', 'templates'), { recursive: true });
  const toml = readFileSync(DEFAULT_CONFIG_PATH, 'utf8')
    .replace('minimum_password_length = 8', 'minimum_password_length = 10')
    .replace('token_verifications = 30', 'token_verifications = 3')
    .replace('subject = "Confirm your Spotter account"', 'subject = "env(SPOTTER_TEST_SUBJECT)"');
  writeFileSync(join(project, 'supabase', 'config.toml'), toml);
  for (const name of ['invite', 'magic_link', 'recovery', 'email_change']) {
    writeFileSync(join(project, 'supabase', 'templates', `${name}.html`), `<p>${name} {{ .Token }}</p>`);
  }
  writeFileSync(
    join(project, 'supabase', 'templates', 'confirmation.html'),
    '<h2>Hello {{ .Email }}</h2><p><a href="{{ .ConfirmationURL }}">Join</a> or type {{ .Token }} on {{ .SiteURL }}</p>',
  );
  return join(project, 'supabase', 'config.toml');
}

process.env.SPOTTER_TEST_SUBJECT = 'Welcome aboard';
const changedConfig = changedProject();

describe('supabase/config.toml', () => {
  it('sets the same password minimum as the app (src/domain/constants.ts)', () => {
    expect(resolveConfig({}).minimumPasswordLength).toBe(PASSWORD_MIN_LENGTH);
  });
});

describeEachEmulator(
  'auth: the emulator follows a changed config.toml',
  (suite) => {
    const emulator = () => suite.emulator();

    it('takes its password minimum from minimum_password_length', async () => {
      const supabase = client(emulator());
      const short = await supabase.auth.signUp({ email: uniqueEmail('nine'), password: 'nine-char' });
      expect(short.error?.code).toBe('weak_password');
      expect(short.error?.status).toBe(422);
      expect(short.error?.message).toBe('Password should be at least 10 characters.');
      const ok = await supabase.auth.signUp({ email: uniqueEmail('ten'), password: 'ten-chars!' });
      expect(ok.error).toBeNull();
    });

    it('renders the confirmation template from content_path, with an env() subject', async () => {
      const email = uniqueEmail('template');
      const { error } = await client(emulator()).auth.signUp({ email, password: 'long-enough-1' });
      expect(error).toBeNull();
      const mail = await latestMessage(emulator(), email);
      expect(mail.subject).toBe('Welcome aboard');
      expect(mail.html).toContain(`<h2>Hello ${email}</h2>`);
      expect(mail.html).toContain('on http://127.0.0.1:4173</p>');
      expect(mail.text).toMatch(
        /^Hello template-.*\nJoin: http:\/\/.*\/auth\/v1\/verify\?.* or type \d{6} on /,
      );
      expect(verifyLink(mail)).toContain('type=signup');
    });

    it('limits /verify (links and codes) to token_verifications per address with 429', async () => {
      const url = `${emulator().url}/auth/v1/verify`;
      const headers = { apikey: emulator().status.ANON_KEY, 'content-type': 'application/json' };
      const post = () =>
        fetch(url, {
          method: 'POST',
          headers,
          body: JSON.stringify({ type: 'email', email: 'nobody@example.test', token: '000000' }),
        });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) statuses.push((await post()).status);
      expect(statuses).toEqual([403, 403, 403]);
      const refused = await post();
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({
        code: 'over_request_rate_limit',
        message: 'Request rate limit reached',
      });
      // A link opened in the browser counts against the same limit.
      const link = await fetch(`${url}?token=abc&type=signup&redirect_to=http://127.0.0.1:4173`, {
        redirect: 'manual',
      });
      expect(link.status).toBe(429);
    });
  },
  { engines: ['pglite'], configPath: changedConfig },
);

describeEachEmulator(
  'auth: passwords over 72 UTF-8 bytes are refused (bcrypt reads only 72)',
  (suite) => {
    const emulator = () => suite.emulator();
    const tooLong = '€'.repeat(25); // 25 characters, 75 bytes
    const longest = '€'.repeat(24); // 72 bytes

    it('on sign-up, with GoTrue answer', async () => {
      const supabase = client(emulator());
      const refused = await supabase.auth.signUp({ email: uniqueEmail('long'), password: tooLong });
      expect(refused.error?.status).toBe(400);
      expect(refused.error?.code).toBe('validation_failed');
      expect(refused.error?.message).toBe('Password cannot be longer than 72 characters');
      const accepted = await supabase.auth.signUp({ email: uniqueEmail('max'), password: longest });
      expect(accepted.error).toBeNull();
    });

    it('on a password update (the recovery page uses the same call) and through the admin API', async () => {
      const { supabase } = await signedInUser(emulator(), 'update');
      const update = await supabase.auth.updateUser({ password: tooLong });
      expect(update.error?.code).toBe('validation_failed');
      expect((await supabase.auth.updateUser({ password: longest })).error).toBeNull();

      const admin = createTestClient(emulator(), { key: 'service_role' });
      const created = await admin.auth.admin.createUser({
        email: uniqueEmail('admin'),
        password: tooLong,
        email_confirm: true,
      });
      expect(created.error?.code).toBe('validation_failed');
    });

    it('refuses a 7-character password with the repository config (minimum 8)', async () => {
      const short = await client(emulator()).auth.signUp({
        email: uniqueEmail('seven'),
        password: 'seven-7',
      });
      expect(short.error?.code).toBe('weak_password');
      expect(short.error?.message).toBe('Password should be at least 8 characters.');
    });
  },
  { engines: ['pglite'], ...RELAXED_LIMITS },
);
