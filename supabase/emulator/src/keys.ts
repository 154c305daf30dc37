/**
 * The emulator's signing keys and JWT checks.
 *
 * - The API keys come in both forms a hosted project has: the legacy anon and service_role HS256 JWTs
 *   signed with the JWT secret, and the new opaque `sb_publishable_…` (acts as anon) and `sb_secret_…`
 *   (acts as service_role) keys, the Supabase CLI's fixed local values. All are deterministic, so a
 *   built app keeps working across emulator restarts. Hosted Supabase's gateway swaps a new key for a
 *   short-lived JWT of its role, so `apikey: sb_publishable_…` alone, or the key also sent as the Bearer
 *   (what supabase-js does), is an anon request; `verify` gives the same claims here.
 * - User access tokens are ES256 with a `kid`, published at /auth/v1/.well-known/jwks.json, so
 *   supabase-js `getClaims()` verifies them locally as it does against hosted Supabase.
 * - Verification accepts only HS256 (secret) and ES256 (our key); `alg: none`, other algorithms, bad
 *   signatures and expired tokens are refused.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  SignJWT,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  type JWK,
  type JWTPayload,
  type CryptoKey,
} from 'jose';

/** Supabase CLI's well-known local secret: the keys derived from it are not secrets. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
/** The Supabase CLI's local publishable and secret keys (printed by `supabase status`): not secrets. */
export const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const LOCAL_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';
const API_KEY_ISSUED_AT = 1_700_000_000;
const API_KEY_EXPIRES_AT = 2_000_000_000;

export interface Keys {
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** `sb_publishable_…`: the anon role. */
  publishableKey: string;
  /** `sb_secret_…`: the service_role role. */
  secretKey: string;
  kid: string;
  /** Public JWKS document served at /.well-known/jwks.json. */
  jwks: { keys: JWK[] };
  signAccessToken(claims: JWTPayload, expiresInSeconds: number): Promise<string>;
  /** Verifies a JWT; throws JwtError with a message fit for an API error body. */
  verify(token: string): Promise<JWTPayload & Record<string, unknown>>;
}

export class JwtError extends Error {
  constructor(
    message: string,
    readonly reason: 'malformed' | 'signature' | 'expired' | 'algorithm',
  ) {
    super(message);
  }
}

interface StoredKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

async function loadOrCreateSigningKey(dataDir: string | undefined): Promise<StoredKey> {
  const file = dataDir ? join(dataDir, 'signing-key.json') : null;
  if (file && existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as StoredKey;
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const kid = `spotter-${Date.now().toString(36)}`;
  const stored: StoredKey = { kid, privateJwk: await exportJWK(privateKey), publicJwk };
  if (file && dataDir) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
  }
  return stored;
}

export async function createKeys(
  options: { jwtSecret?: string | undefined; dataDir?: string | undefined } = {},
): Promise<Keys> {
  const jwtSecret = options.jwtSecret ?? DEFAULT_JWT_SECRET;
  const secret = new TextEncoder().encode(jwtSecret);
  const stored = await loadOrCreateSigningKey(options.dataDir);
  const privateKey = (await importJWK(stored.privateJwk, 'ES256')) as CryptoKey;
  const publicKey = (await importJWK(stored.publicJwk, 'ES256')) as CryptoKey;

  const apiKey = (role: 'anon' | 'service_role') =>
    new SignJWT({ iss: 'supabase-demo', ref: 'spotter-local', role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(API_KEY_ISSUED_AT)
      .setExpirationTime(API_KEY_EXPIRES_AT)
      .sign(secret);

  // The claims the hosted gateway mints for a new-style key (role, issuer and the key's own lifetime).
  const opaqueKeyClaims = (role: 'anon' | 'service_role') => ({
    iss: 'supabase',
    ref: 'spotter-local',
    role,
    iat: API_KEY_ISSUED_AT,
    exp: API_KEY_EXPIRES_AT,
  });
  const opaqueKeys = new Map([
    [LOCAL_PUBLISHABLE_KEY, opaqueKeyClaims('anon')],
    [LOCAL_SECRET_KEY, opaqueKeyClaims('service_role')],
  ]);

  return {
    jwtSecret,
    anonKey: await apiKey('anon'),
    serviceRoleKey: await apiKey('service_role'),
    publishableKey: LOCAL_PUBLISHABLE_KEY,
    secretKey: LOCAL_SECRET_KEY,
    kid: stored.kid,
    jwks: {
      keys: [{ ...stored.publicJwk, kid: stored.kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] }],
    },
    signAccessToken(claims, expiresInSeconds) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: stored.kid, typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(privateKey);
    },
    async verify(token) {
      const opaque = opaqueKeys.get(token);
      if (opaque) return { ...opaque };
      if (/^sb_(publishable|secret)_/.test(token)) {
        throw new JwtError('Invalid API key', 'signature');
      }
      let alg: string | undefined;
      try {
        alg = decodeProtectedHeader(token).alg;
      } catch {
        throw new JwtError(
          'invalid JWT: unable to parse or verify signature, token is malformed',
          'malformed',
        );
      }
      if (alg !== 'HS256' && alg !== 'ES256') {
        throw new JwtError(`invalid JWT: signing method ${alg ?? 'none'} is invalid`, 'algorithm');
      }
      try {
        const key = alg === 'HS256' ? secret : publicKey;
        const { payload } = await jwtVerify(token, key, { algorithms: [alg] });
        return payload;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'ERR_JWT_EXPIRED') throw new JwtError('JWT expired', 'expired');
        throw new JwtError(
          'invalid JWT: unable to parse or verify signature, signature is invalid',
          'signature',
        );
      }
    },
  };
}
