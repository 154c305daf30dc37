import type { PushOptions } from './push/push-service';

/**
 * Emulator options and their defaults. Values mirror a local Supabase stack (`supabase start`) and
 * supabase/config.toml where the product relies on them.
 */
export interface RateLimits {
  /** Password sign-in attempts per IP address per 5 minutes (GoTrue: 30 token requests / 5 min). */
  signInPer5Min: number;
  /** E-mails sent per hour across the project (hosted default 2 with the built-in mailer). */
  emailSentPerHour: number;
  /** Minimum seconds between two e-mails of the same kind to one address (GoTrue: 60 s). */
  emailMinIntervalSeconds: number;
  /** Realtime events a single connection may push per second. */
  realtimeEventsPerSecond: number;
}

export interface EmulatorOptions {
  /** HTTP port; 0 picks a free one. Default 54321. */
  port?: number;
  host?: string;
  /** Where PGlite, keys and status.json live. Default `.spotter` in the working directory. */
  dataDir?: string;
  /** Keep everything in memory: nothing written to disk. */
  memory?: boolean;
  /** Delete the data directory first. */
  reset?: boolean;
  /** Sign-up signs users in at once, without the confirmation e-mail. */
  autoconfirm?: boolean;
  /** Use this PostgreSQL server instead of PGlite. */
  databaseUrl?: string;
  /** Start PGlite from a data-dir dump (tests). */
  loadDataDir?: Blob;
  jwtSecret?: string;
  /** Access-token lifetime in seconds (default 3600). */
  jwtExpiry?: number;
  /** The app's URL: the default redirect for e-mail links. */
  siteUrl?: string;
  /** Other redirect URLs e-mail links and OAuth may return to (prefix match). */
  additionalRedirectUrls?: string[];
  rateLimits?: Partial<RateLimits>;
  /** Lifetime of e-mail links and one-time codes, seconds (default 3600). */
  otpExpiry?: number;
  /** Web Push delivery and the workout-reminder clock (src/push). */
  push?: PushOptions;
  /** Log lines (requests, mail, push); silent when absent. */
  log?: (line: string) => void;
}

export interface ResolvedConfig {
  port: number;
  host: string;
  dataDir: string | undefined;
  autoconfirm: boolean;
  jwtExpiry: number;
  otpExpiry: number;
  siteUrl: string;
  additionalRedirectUrls: string[];
  rateLimits: RateLimits;
}

export const DEFAULT_PORT = 54321;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signInPer5Min: 30,
  emailSentPerHour: 30,
  emailMinIntervalSeconds: 60,
  realtimeEventsPerSecond: 100,
};

export function resolveConfig(options: EmulatorOptions): ResolvedConfig {
  return {
    port: options.port ?? DEFAULT_PORT,
    host: options.host ?? '127.0.0.1',
    dataDir: options.memory ? undefined : (options.dataDir ?? '.spotter'),
    autoconfirm: options.autoconfirm ?? false,
    jwtExpiry: options.jwtExpiry ?? 3600,
    otpExpiry: options.otpExpiry ?? 3600,
    siteUrl: options.siteUrl ?? 'http://127.0.0.1:4173',
    additionalRedirectUrls: options.additionalRedirectUrls ?? [
      'http://127.0.0.1:4173',
      'http://localhost:4173',
      'http://127.0.0.1:5173',
      'http://localhost:5173',
    ],
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
  };
}
