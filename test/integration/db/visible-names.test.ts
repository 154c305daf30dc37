// Names that cannot impersonate (issue 34, item 7; migration 20261207100000_visible_names.sql): a
// hostile client cannot store a username or a name with control, bidi or zero-width characters, through
// REST or sign-up metadata, and the migration cleaned the rows there were. Real supabase-js client, both
// engines.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { newUser } from '../sync/support';
import { createTestClient, describeEachEmulator } from '../../support/emulator';
import { insertAuthUser } from '../../support/engines';

const HOSTILE = [
  'adm\u202Ein', // right-to-left override
  'ad\u200Bmin', // zero-width space
  'admin\u2066', // left-to-right isolate
  'ad\u00ADmin', // soft hyphen
  'a\u0007dmin', // a control character
  'ad\uFEFFmin', // BOM / zero-width no-break space
  'ad\u3164min', // Hangul filler
  'ad\u{E0041}min', // a tag character
  '\u200D', // nothing visible at all
];

describeEachEmulator('names refuse invisible characters', (ctx) => {
  const emulator = () => ctx.emulator();
  const service = () => createTestClient(emulator(), { key: 'service_role' });

  it('refuses each hostile username, first and last name over REST with SPV03 and changes nothing', async () => {
    const user = await newUser(emulator());
    const client = createTestClient(emulator(), { accessToken: user.token });
    const before = await service().from('profiles').select('*').eq('id', user.id).single();
    for (const name of HOSTILE) {
      for (const column of ['username', 'first_name', 'last_name'] as const) {
        const values: { username?: string; first_name?: string; last_name?: string } = { [column]: name };
        const res = await client.from('profiles').update(values).eq('id', user.id);
        expect(res.error?.code, `${column} = ${JSON.stringify(name)}`).toBe('SPV03');
      }
    }
    const after = await service().from('profiles').select('*').eq('id', user.id).single();
    expect(after.data).toEqual(before.data);
  });

  it('keeps accepting names in any script, with accents, emoji and spaces', async () => {
    const user = await newUser(emulator());
    const client = createTestClient(emulator(), { accessToken: user.token });
    for (const [username, first] of [
      ['Zoë', 'José María'],
      ['Лена', 'Ольга'],
      ['さくら', '桜'],
      ['عمر', 'نور'],
      ['lift💪', 'Anne-Marie'],
    ] as const) {
      const res = await client.from('profiles').update({ username, first_name: first }).eq('id', user.id);
      expect(res.error, username).toBeNull();
    }
  });

  it('the service role is held by the CHECK too', async () => {
    const user = await newUser(emulator());
    const res = await service().from('profiles').update({ username: 'x\u202Ey' }).eq('id', user.id);
    expect(res.error?.code).toBe('SPV03');
    // Below the trigger, the constraint alone (the transaction rolls back with the failure).
    await expect(
      emulator().engine.transaction(async (tx) => {
        await tx.query('alter table public.profiles disable trigger profiles_names_visible');
        await tx.query(`update public.profiles set last_name = 'a' || chr(8203) where id = $1`, [user.id]);
      }),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('strips them from sign-up metadata instead of failing the sign-up', async () => {
    const anon = createTestClient(emulator());
    const email = `names-${Date.now()}@example.test`;
    const res = await anon.auth.signUp({
      email,
      password: 'password-1',
      options: { data: { username: '\u202Egnp.exe\u200B', first_name: 'Ev\u200Ee', last_name: '\u2067' } },
    });
    expect(res.error).toBeNull();
    const id = res.data.user?.id ?? '';
    const profile = await service()
      .from('profiles')
      .select('username, first_name, last_name')
      .eq('id', id)
      .single();
    expect(profile.data).toEqual({ username: 'gnp.exe', first_name: 'Eve', last_name: null });
  });

  it("the migration's cleaning strips existing rows and keeps handles unique", async () => {
    const db = emulator().engine;
    const clean = await insertAuthUser(db, { username: 'ab' });
    const dirty = await insertAuthUser(db, { username: 'ab' });
    const blank = await insertAuthUser(db, { username: 'blank' });
    const disc = (
      await db.query<{ discriminator: string }>('select discriminator from public.profiles where id = $1', [
        clean,
      ])
    ).rows[0]?.discriminator;
    // Rows as they could be before the migration: its rules lifted, then restored by the rollback.
    await db
      .transaction(async (tx) => {
        await tx.query('alter table public.profiles disable trigger profiles_names_visible');
        await tx.query('alter table public.profiles drop constraint profiles_names_visible');
        await tx.query(
          `update public.profiles set username = 'a' || chr(8203) || 'b', discriminator = $2,
           first_name = chr(8238) || 'Eve', last_name = chr(8205) where id = $1`,
          [dirty, disc],
        );
        await tx.query(`update public.profiles set username = chr(8203) where id = $1`, [blank]);
        const migration = readFileSync('supabase/migrations/20261207100000_visible_names.sql', 'utf8');
        const cleaning = migration.slice(migration.indexOf('do $$'), migration.indexOf('-- 2.'));
        await tx.query(cleaning);
        const rows = await tx.query<{
          id: string;
          username: string;
          discriminator: string;
          first_name: string | null;
          last_name: string | null;
        }>(
          'select id, username, discriminator, first_name, last_name from public.profiles where id = any($1::uuid[])',
          [[clean, dirty, blank]],
        );
        const byId = new Map(rows.rows.map((r) => [r.id, r]));
        expect(byId.get(clean)).toMatchObject({ username: 'ab', discriminator: disc });
        expect(byId.get(dirty)).toMatchObject({ username: 'ab', first_name: 'Eve', last_name: null });
        expect(byId.get(dirty)?.discriminator).not.toBe(disc);
        expect(byId.get(blank)?.username).toBe('user');
        throw new Rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    // The rules are back.
    const res = await service().from('profiles').update({ username: 'a\u200Bb' }).eq('id', clean);
    expect(res.error?.code).toBe('SPV03');
  });
});

class Rollback extends Error {}
