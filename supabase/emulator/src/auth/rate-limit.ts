/**
 * In-memory sliding-window rate limits, per emulator instance (GoTrue keeps them per process too):
 * sign-up, sign-in, `/verify` and refresh attempts per client address, and e-mails sent per hour for the whole
 * project. The numbers come from `[auth.rate_limit]` in supabase/config.toml (src/config.ts).
 */
import type { RateLimits } from '../config';
import { emailRateLimited, tooManyRequests } from './errors';

export class SlidingWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Records a hit; false when the key is over its limit (the hit is then not counted). */
  take(key: string, now = Date.now()): boolean {
    const since = now - this.windowMs;
    const recent = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 10_000) this.prune(since);
    return true;
  }

  private prune(since: number): void {
    for (const [key, times] of this.hits) {
      if (!times.some((t) => t > since)) this.hits.delete(key);
    }
  }
}

export interface AuthLimits {
  /**
   * Sign-ups (`signup`, `otp`), password sign-ins, PKCE exchanges and MFA verifications per address and
   * endpoint (`bucket`), `sign_in_sign_ups` each, as GoTrue's separate limiters with one setting.
   */
  signIn(ip: string, bucket: string): void;
  /** `/verify`, GET (e-mail links) and POST (codes, token hashes): `token_verifications`. */
  verify(ip: string): void;
  /** Refresh-token grants: `token_refresh`. */
  refresh(ip: string): void;
  /** One e-mail about to be sent (project-wide hourly budget). */
  email(): void;
}

export function createAuthLimits(limits: RateLimits): AuthLimits {
  const signIn = new SlidingWindow(limits.signInPer5Min, 5 * 60_000);
  const verify = new SlidingWindow(limits.verifyPer5Min, 5 * 60_000);
  const refresh = new SlidingWindow(limits.tokenRefreshPer5Min, 5 * 60_000);
  const email = new SlidingWindow(limits.emailSentPerHour, 60 * 60_000);
  const overLimit = () => tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
  return {
    signIn(ip, bucket) {
      if (!signIn.take(`${bucket}:${ip}`)) throw overLimit();
    },
    verify(ip) {
      if (!verify.take(ip)) throw overLimit();
    },
    refresh(ip) {
      if (!refresh.take(ip)) throw overLimit();
    },
    email() {
      if (!email.take('project')) throw emailRateLimited();
    },
  };
}
