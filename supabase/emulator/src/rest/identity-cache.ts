/**
 * Remembers verified callers for a short while: a client sends the same JWT with every request, and
 * verifying an ES256 signature each time is the largest CPU cost of a point select. Only successful
 * verifications are kept, keyed by the exact header values, and each hit re-checks `exp`.
 */
import type { EmulatorContext } from '../context';
import type { RequestIdentity } from '../db/request-context';
import { resolveIdentity, type IdentityResult } from '../http/identity';

const MAX_ENTRIES = 2000;
const MAX_AGE_MS = 60_000;

interface Entry {
  identity: RequestIdentity;
  token: string;
  /** JWT `exp` in ms, or Infinity when the token has none. */
  expiresAt: number;
  cachedAt: number;
}

export function createIdentityCache(ctx: EmulatorContext) {
  const entries = new Map<string, Entry>();
  return async function identify(headers: Headers, url: URL): Promise<IdentityResult> {
    const key = `${headers.get('apikey') ?? url.searchParams.get('apikey') ?? ''}\u0001${headers.get('authorization') ?? ''}`;
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expiresAt > now && now - hit.cachedAt < MAX_AGE_MS) {
      return { ok: true, identity: hit.identity, token: hit.token };
    }
    if (hit) entries.delete(key);
    const result = await resolveIdentity(ctx, headers, url);
    if (result.ok) {
      const exp = result.identity.claims.exp;
      entries.set(key, {
        identity: result.identity,
        token: result.token,
        expiresAt: typeof exp === 'number' ? exp * 1000 : Number.POSITIVE_INFINITY,
        cachedAt: now,
      });
      if (entries.size > MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    }
    return result;
  };
}
