import type { PushOptions } from './push/push-service';
import {
  DEFAULT_CONFIG_PATH,
  loadProjectConfig,
  type EmailTemplate,
  type ProjectConfig,
  type TemplateName,
} from './project-config';

/**
 * Emulator options and their defaults. Precedence: an option passed here, then supabase/config.toml
 * (src/project-config.ts), then the defaults below (a local Supabase stack's).
 */
export interface RateLimits {
  /**
   * Sign-ups (`/signup`, `/otp`), password sign-in, PKCE and MFA attempts per IP address and endpoint
   * per 5 minutes (`[auth.rate_limit] sign_in_sign_ups`, GoTrue default 30).
   */
  signInPer5Min: number;
  /** `/verify` calls (e-mail links and codes) per IP per 5 minutes (`token_verifications`, 30). */
  verifyPer5Min: number;
  /** Refresh-token grants per IP per 5 minutes (`token_refresh`, 150). */
  tokenRefreshPer5Min: number;
  /** E-mails sent per hour across the project (`email_sent`; hosted default 2 with the built-in mailer). */
  emailSentPerHour: number;
  /** Minimum seconds between two e-mails of the same kind to one address (`max_frequency`, 60 s). */
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
  /**
   * How often the emulator runs `private.prune_notifications()`, ms (default hourly; 0 turns the timer
   * off). Off anyway where pg_cron runs that job for the database (src/jobs/notification-retention.ts).
   */
  notificationRetentionMs?: number;
  /** Shortest password GoTrue accepts, in UTF-8 bytes (`minimum_password_length`; GoTrue default 6). */
  minimumPasswordLength?: number;
  /** `password_requirements`: '', letters_digits, lower_upper_letters_digits, …_symbols. */
  passwordRequirements?: string;
  /**
   * The Supabase CLI project file to follow; default the repository's supabase/config.toml, `false` to
   * read none (built-in defaults only).
   */
  configPath?: string | false;
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
  minimumPasswordLength: number;
  passwordRequirements: string;
  /** Templates from config.toml by GoTrue name; a missing one uses GoTrue's default text. */
  emailTemplates: Partial<Record<TemplateName, EmailTemplate>>;
  /** The config.toml that was read, if any. */
  configPath: string | null;
}

export const DEFAULT_PORT = 54321;

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signInPer5Min: 30,
  verifyPer5Min: 30,
  tokenRefreshPer5Min: 150,
  emailSentPerHour: 30,
  emailMinIntervalSeconds: 60,
  realtimeEventsPerSecond: 100,
};

export function resolveConfig(options: EmulatorOptions): ResolvedConfig {
  const configPath = options.configPath === false ? null : (options.configPath ?? DEFAULT_CONFIG_PATH);
  const file: ProjectConfig = configPath
    ? loadProjectConfig(configPath)
    : { rateLimits: {}, emailTemplates: {} };
  return {
    port: options.port ?? DEFAULT_PORT,
    host: options.host ?? '127.0.0.1',
    dataDir: options.memory ? undefined : (options.dataDir ?? '.spotter'),
    autoconfirm: options.autoconfirm ?? file.autoconfirm ?? false,
    jwtExpiry: options.jwtExpiry ?? file.jwtExpiry ?? 3600,
    otpExpiry: options.otpExpiry ?? file.otpExpiry ?? 3600,
    siteUrl: options.siteUrl ?? file.siteUrl ?? 'http://127.0.0.1:4173',
    additionalRedirectUrls: options.additionalRedirectUrls ??
      file.additionalRedirectUrls ?? [
        'http://127.0.0.1:4173',
        'http://localhost:4173',
        'http://127.0.0.1:5173',
        'http://localhost:5173',
      ],
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...file.rateLimits, ...options.rateLimits },
    minimumPasswordLength: options.minimumPasswordLength ?? file.minimumPasswordLength ?? 6,
    passwordRequirements: options.passwordRequirements ?? file.passwordRequirements ?? '',
    emailTemplates: file.emailTemplates,
    configPath,
  };
}
