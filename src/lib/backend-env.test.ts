import { describe, expect, it } from 'vitest';
import { BackendEnvError, readBackendEnv } from './backend-env';

const HOSTED = {
  VITE_SUPABASE_URL: 'https://abcd.supabase.co/',
  VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_123',
  VITE_VAPID_PUBLIC_KEY: 'BPublic',
};

describe('readBackendEnv', () => {
  it('is the local stack when nothing is set', () => {
    expect(readBackendEnv({})).toEqual({ kind: 'local' });
    expect(readBackendEnv({ VITE_SUPABASE_URL: '  ', VITE_SUPABASE_ANON_KEY: '' })).toEqual({
      kind: 'local',
    });
  });

  it('takes a hosted project with a publishable key, or the legacy anon key', () => {
    expect(readBackendEnv(HOSTED)).toEqual({
      kind: 'hosted',
      url: 'https://abcd.supabase.co',
      key: 'sb_publishable_123',
      vapidPublicKey: 'BPublic',
    });
    const { VITE_SUPABASE_PUBLISHABLE_KEY: _, ...legacy } = HOSTED;
    expect(readBackendEnv({ ...legacy, VITE_SUPABASE_ANON_KEY: 'eyJ.legacy' })).toMatchObject({
      key: 'eyJ.legacy',
    });
  });

  it('refuses a hosted URL without its keys, naming what is missing, never falling back to demo keys', () => {
    const { VITE_SUPABASE_PUBLISHABLE_KEY: _, ...noKey } = HOSTED;
    expect(() => readBackendEnv(noKey)).toThrow(BackendEnvError);
    expect(() => readBackendEnv(noKey)).toThrow(/VITE_SUPABASE_PUBLISHABLE_KEY .* is missing/);
    expect(() => readBackendEnv({ VITE_SUPABASE_URL: HOSTED.VITE_SUPABASE_URL })).toThrow(
      /VITE_SUPABASE_PUBLISHABLE_KEY .* and VITE_VAPID_PUBLIC_KEY are missing/,
    );
  });

  it('refuses keys without a URL, a malformed URL and plain http to a remote host', () => {
    expect(() => readBackendEnv({ VITE_SUPABASE_ANON_KEY: 'eyJ' })).toThrow(/VITE_SUPABASE_URL is not/);
    expect(() => readBackendEnv({ ...HOSTED, VITE_SUPABASE_URL: 'abcd.supabase.co' })).toThrow(/not a URL/);
    expect(() => readBackendEnv({ ...HOSTED, VITE_SUPABASE_URL: 'http://abcd.supabase.co' })).toThrow(
      /must be https/,
    );
    expect(readBackendEnv({ ...HOSTED, VITE_SUPABASE_URL: 'http://127.0.0.1:54321' })).toMatchObject({
      url: 'http://127.0.0.1:54321',
    });
  });
});
