import { describe, expect, it } from 'vitest';
import { LOCAL_VAPID_KEYS } from '../../../supabase/emulator/src/push/vapid';
import { applicationServerKey, LOCAL_VAPID_PUBLIC_KEY } from './vapid';

describe('VAPID public key', () => {
  it("is the emulator's development key, so a local build subscribes for the key the emulator signs with", () => {
    expect(LOCAL_VAPID_PUBLIC_KEY).toBe(LOCAL_VAPID_KEYS.publicKey);
  });

  it('decodes to an uncompressed P-256 point (65 bytes, 0x04 first)', () => {
    const bytes = applicationServerKey(LOCAL_VAPID_PUBLIC_KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    expect(Buffer.from(bytes).toString('base64url')).toBe(LOCAL_VAPID_PUBLIC_KEY);
  });
});
