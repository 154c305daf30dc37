import { describe, expect, it } from 'vitest';
import { backendConfig, LOCAL_ANON_KEY } from './backend-config';

describe('backendConfig', () => {
  it('uses the page origin and the local anon key when the build sets neither', () => {
    expect(backendConfig('http://127.0.0.1:4173')).toEqual({
      url: 'http://127.0.0.1:4173',
      anonKey: LOCAL_ANON_KEY,
    });
  });

  it('the local anon key is an anon-role JWT', () => {
    const segment = (LOCAL_ANON_KEY.split('.')[1] ?? '').replaceAll('-', '+').replaceAll('_', '/');
    const payload = JSON.parse(atob(segment)) as { role: string };
    expect(payload.role).toBe('anon');
  });
});
