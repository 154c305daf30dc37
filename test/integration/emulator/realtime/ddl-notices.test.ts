/**
 * Which DDL drops realtime's cached table metadata and checkers (the `emulator_realtime_ddl` notice):
 * a grant or revoke on tables does (column privileges shape payloads), one on functions only does
 * not. Each RLS checker is created with a REVOKE; when that dropped the caches, every delivery re-read
 * its tables' metadata and re-created its checkers.
 */
import { beforeAll, expect, it } from 'vitest';
import { describeEachEmulator } from '../../../support/emulator';
import { DDL_CHANNEL } from '../../../../supabase/emulator/src/realtime/capture-sql';
import { collector, installFixtures } from './support';

describeEachEmulator('realtime DDL notices', (suite) => {
  const emulator = () => suite.emulator();

  beforeAll(async () => {
    await installFixtures(emulator());
  });

  it('a revoke on a function sends no notice, a grant on a table does', async (context) => {
    const { engine } = emulator();
    const { rows } = await engine.query(
      `select 1 from pg_catalog.pg_event_trigger where evtname = 'emulator_realtime_ddl'`,
    );
    // Without a superuser there is no event trigger (the publication is re-scanned on a timer).
    if (rows.length === 0) context.skip();
    const notices = collector<string>();
    const unlisten = await engine.listen(DDL_CHANNEL, (tag) => notices.push(tag));
    try {
      // Both leave the privileges as they are (the fixture grants all on rt_open to these roles).
      await engine.exec('revoke all on function realtime.emulator_capture() from public');
      await engine.exec('grant select on public.rt_open to authenticated');
      // Notices arrive in commit order: once the grant's is here, a revoke's would be too.
      expect(await notices.waitFor(1)).toEqual(['GRANT']);
    } finally {
      await unlisten();
    }
  });
});
