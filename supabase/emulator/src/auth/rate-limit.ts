/**
 * In-memory sliding-window rate limits, per emulator instance (GoTrue keeps them per process too):
 * sign-in and verify attempts per client address, and e-mails sent per hour for the whole project.
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
  /** Password sign-in, PKCE exchange and OTP verification attempts per address. */
  signIn(ip: string, bucket: string): void;
  /** One e-mail about to be sent (project-wide hourly budget). */
  email(): void;
}

export function createAuthLimits(limits: RateLimits): AuthLimits {
  const signIn = new SlidingWindow(limits.signInPer5Min, 5 * 60_000);
  const email = new SlidingWindow(limits.emailSentPerHour, 60 * 60_000);
  return {
    signIn(ip, bucket) {
      if (!signIn.take(`${bucket}:${ip}`)) {
        throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached');
      }
    },
    email() {
      if (!email.take('project')) throw emailRateLimited();
    },
  };
}
