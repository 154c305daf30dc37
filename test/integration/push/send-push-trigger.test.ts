// The send-push trigger (migrations 20261127030000, 20261127040000) on PGlite and PostgreSQL 15: without
// pg_net and Vault (as here after the migrations alone) a new notification is stored and nothing is
// called; with the emulator's stand-ins (net-sql.ts) each new notification of a user with push on and a
// live subscription queues one POST of {notification_id} to the URL from Vault, with the secret as its
// bearer token; a missing secret, push off or no subscription queues nothing.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { installNetStandIn } from '../../../supabase/emulator/src/push/net-sql';
import { describeEachEngine } from '../../support/engines';

interface Request {
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

describeEachEngine('send-push trigger', (ctx) => {
  const notify = async (userId: string) => {
    const id = `test:${randomUUID()}`;
    await ctx
      .engine()
      .query(`insert into public.notifications (id, user_id, type) values ($1, $2, 'flex_received')`, [
        id,
        userId,
      ]);
    return id;
  };
  /** A user with push switched on and one live subscription. */
  const subscriber = async () => {
    const user = await ctx.createUser();
    await ctx
      .engine()
      .query(
        `insert into public.user_settings (id, user_id, push_enabled) values ($1::text, $1::uuid, true)`,
        [user],
      );
    await ctx
      .engine()
      .query(
        `insert into public.push_subscriptions (id, user_id, endpoint, p256dh, auth) values ($1, $2, $3, 'p', 'a')`,
        [`sub-${randomUUID()}`, user, `https://push.example.com/send/${randomUUID()}`],
      );
    return user;
  };
  const requests = async () =>
    (await ctx.engine().query<Request>('select url, body, headers from net.emulator_requests order by id'))
      .rows;

  it('without pg_net and Vault, a notification is stored and nothing is called', async () => {
    const { rows } = await ctx
      .engine()
      .query<{ net: string | null; vault: string | null }>(
        `select to_regnamespace('net')::text as net, to_regclass('vault.decrypted_secrets')::text as vault`,
      );
    expect(rows[0]).toEqual({ net: null, vault: null });
    const user = await ctx.createUser();
    const id = await notify(user);
    const stored = await ctx.engine().query('select id from public.notifications where id = $1', [id]);
    expect(stored.rows).toHaveLength(1);
  });

  it('with net.http_post and the Vault secrets, each notification queues one authorised POST', async () => {
    const target = { url: 'http://127.0.0.1:1/functions/v1/send-push', secret: randomUUID() };
    expect(await installNetStandIn(ctx.engine(), target)).toBe(true);
    const user = await subscriber();
    const first = await notify(user);
    const second = await notify(user);
    expect(await requests()).toEqual(
      [first, second].map((id) => ({
        url: target.url,
        body: { notification_id: id },
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${target.secret}` },
      })),
    );

    // A user without push, or with push on and no live subscription: no call (each would be a paid
    // function invocation ending in "nothing to send").
    await ctx.engine().query('delete from net.emulator_requests');
    const quiet = await ctx.createUser();
    await notify(quiet);
    await ctx
      .engine()
      .query(
        `insert into public.user_settings (id, user_id, push_enabled) values ($1::text, $1::uuid, true)`,
        [quiet],
      );
    await notify(quiet);
    await ctx
      .engine()
      .query('update public.push_subscriptions set _deleted = true where user_id = $1', [user]);
    await notify(user);
    expect(await requests()).toEqual([]);
    await ctx
      .engine()
      .query('update public.push_subscriptions set _deleted = false where user_id = $1', [user]);

    // Without the secret (a project where push is not configured) the trigger calls nothing.
    await ctx.engine().query(`delete from vault.decrypted_secrets where name = 'send_push_secret'`);
    await ctx.engine().query('delete from net.emulator_requests');
    await notify(user);
    expect(await requests()).toEqual([]);
  });

  it('no API role can call net.http_post or read the secrets', async () => {
    for (const role of ['anon', 'authenticated']) {
      const call = ctx
        .engine()
        .transaction(async (tx) => {
          await tx.query(`set local role ${role}`);
          await tx.query(`select net.http_post('http://example.com/', '{}'::jsonb)`);
        })
        .then(
          () => 'allowed',
          () => 'refused',
        );
      expect(await call).toBe('refused');
      const read = ctx
        .engine()
        .transaction(async (tx) => {
          await tx.query(`set local role ${role}`);
          await tx.query('select * from vault.decrypted_secrets');
        })
        .then(
          () => 'allowed',
          () => 'refused',
        );
      expect(await read).toBe('refused');
    }
  });
});
