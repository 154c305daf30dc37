// The app ships the local anon key (src/lib/backend-config.ts); the emulator must keep issuing that key.
import { expect, it } from 'vitest';
import { createKeys } from '../../supabase/emulator/src/keys';
import { LOCAL_ANON_KEY } from '../../src/lib/backend-config';

it('the emulator anon key equals the one the app is built with', async () => {
  const keys = await createKeys();
  expect(keys.anonKey).toBe(LOCAL_ANON_KEY);
});
