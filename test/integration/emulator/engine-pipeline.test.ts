// engine.pipeline(): the REST layer's one-call path for reads (PGlite: one extended-protocol pipeline
// closed by one Sync). It must behave like BEGIN ... COMMIT: settings end with it, a read-only pipeline
// refuses writes, and an error rolls back every statement before it.
import { expect, it } from 'vitest';
import { roleStatement } from '../../../supabase/emulator/src/db/request-context';
import { describeEachEngine } from '../../support/engines';

describeEachEngine('engine.pipeline', (ctx) => {
  it('applies the role and claims for its statements only', async () => {
    const user = await ctx.createUser();
    const identity = { role: 'authenticated' as const, claims: { sub: user, role: 'authenticated' } };
    const inside = await ctx
      .engine()
      .pipeline<{ uid: string | null; who: string }>([
        roleStatement(identity),
        { sql: 'select auth.uid()::text as uid, current_user::text as who' },
      ]);
    expect(inside.rows).toEqual([{ uid: user, who: 'authenticated' }]);
    const after = await ctx
      .engine()
      .query<{ claims: string | null; who: string }>(
        `select nullif(current_setting('request.jwt.claims', true), '') as claims, current_user::text as who`,
      );
    expect(after.rows[0]?.claims ?? null).toBeNull();
    expect(after.rows[0]?.who).not.toBe('authenticated');
  });

  it('refuses a write in a read-only pipeline and leaves nothing behind', async () => {
    const user = await ctx.createUser();
    const identity = {
      role: 'authenticated' as const,
      claims: { sub: user, role: 'authenticated' },
      readOnly: true,
    };
    await expect(
      ctx
        .engine()
        .pipeline([
          roleStatement(identity),
          { sql: `update public.profiles set first_name = 'Changed' where id = $1`, params: [user] },
        ]),
    ).rejects.toThrow(/read-only/);
    const row = await ctx
      .engine()
      .query<{ first_name: string | null }>('select first_name from public.profiles where id = $1', [user]);
    expect(row.rows[0]?.first_name).not.toBe('Changed');
    // The engine is usable afterwards, with no setting left over.
    const next = await ctx
      .engine()
      .query<{ ro: string }>(`select current_setting('transaction_read_only') as ro`);
    expect(next.rows[0]?.ro).toBe('off');
  });

  it('rolls back every earlier statement when a later one fails', async () => {
    const user = await ctx.createUser();
    await expect(
      ctx
        .engine()
        .pipeline([
          { sql: `update public.profiles set first_name = 'Rolled' where id = $1`, params: [user] },
          { sql: 'select 1 / 0' },
        ]),
    ).rejects.toThrow(/division by zero/);
    const row = await ctx
      .engine()
      .query<{ first_name: string | null }>('select first_name from public.profiles where id = $1', [user]);
    expect(row.rows[0]?.first_name).not.toBe('Rolled');
  });
});
