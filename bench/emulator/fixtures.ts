/**
 * Bench fixtures for a running emulator: auth users (inserted as GoTrue would, so the product's
 * trigger creates their profiles), their access tokens signed with the emulator's own key, and bounded
 * waits. The users are written straight into the emulator's database as the superuser; everything the
 * figures measure goes through HTTP or the realtime socket.
 */
import { randomUUID } from 'node:crypto';
import type { Emulator } from '../../supabase/emulator/src/start-emulator';

export interface BenchUser {
  id: string;
  token: string;
}

/** Creates `count` confirmed users with public profiles and signs a one-hour access token for each. */
export async function createUsers(emulator: Emulator, count: number): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const email = `bench-${i}-${id.slice(0, 8)}@example.test`;
    await emulator.engine.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
       values ($1, 'authenticated', 'authenticated', $2, '', now(),
         '{"provider":"email","providers":["email"]}', $3, now(), now())`,
      [id, email, JSON.stringify({ username: `bench${i}` })],
    );
    const token = await emulator.context.keys.signAccessToken(
      {
        sub: id,
        role: 'authenticated',
        aud: 'authenticated',
        email,
        aal: 'aal1',
        amr: [{ method: 'password', timestamp: Math.floor(Date.now() / 1000) }],
        session_id: randomUUID(),
        is_anonymous: false,
      },
      3600,
    );
    users.push({ id, token });
  }
  return users;
}

/** Rejects with `what` when `promise` has not settled within `ms`; the timer never keeps the process up. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: timed out after ${ms} ms`)), ms);
    timer.unref();
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
