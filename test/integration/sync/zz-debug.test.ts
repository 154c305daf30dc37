import { it } from 'vitest';
import { describeEachEmulator } from '../../support/emulator';
import { newUser, openDevice, sleep } from './support';

describeEachEmulator(
  'dbg',
  (suite) => {
    it('dbg', async () => {
      const user = await newUser(suite.emulator());
      await suite.emulator().engine.query(
        `insert into public.workouts (id, user_id, type, date, title, created_at)
         values ($1, $2, 'cardio', '2026-11-24', $3, now())`,
        ['srv-0000001', user.id, 't'],
      );
      const t0 = Date.now();
      const d = await openDevice(suite.emulator(), user.id, { token: user.token });
      for (const r of d.session.replications) {
        const orig = r.emitRow.bind(r);
        r.emitRow = (row) => {
          console.log('EMIT', r.sync.name, JSON.stringify(row).slice(0, 200));
          orig(row);
        };
        r.state.error$.subscribe((e) =>
          console.log('ERR', r.sync.name, Date.now() - t0, JSON.stringify(e).slice(0, 800)),
        );
        r.state.received$.subscribe((e) =>
          console.log('RECV', r.sync.name, Date.now() - t0, JSON.stringify(e).slice(0, 300)),
        );
      }
      await sleep(3000);
      await suite.emulator().engine.query(
        `insert into public.workouts (id, user_id, type, date, title, created_at)
         values ($1, $2, 'cardio', '2026-11-24', $3, now())`,
        ['srv-0000002', user.id, 't'],
      );
      for (let i = 0; i < 8; i++) {
        await sleep(500);
        console.log(
          Date.now() - t0,
          JSON.stringify(d.session.status()),
          (await d.db.workouts.find().exec()).length,
        );
      }
      await d.close();
    }, 60000);
  },
  { engines: ['pglite'] },
);
