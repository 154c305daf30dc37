/**
 * Reads the Supabase CLI project file (`supabase/config.toml`) so the emulator follows the same auth
 * settings a hosted project is configured with: site URL, redirect allow-list, JWT expiry, e-mail
 * confirmations, password rules, rate limits and the e-mail templates (`content_path`). Only the keys
 * the emulator acts on are read; everything else in the file is left to the CLI.
 *
 * Values written `env(NAME)` are taken from the environment, as the CLI does; an unset variable reads
 * as absent (the CLI would refuse to start, but the emulator has local defaults for everything).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'smol-toml';
import type { RateLimits } from './config';

/** The repository's supabase/config.toml, next to the emulator's folder. */
export const DEFAULT_CONFIG_PATH = resolve(dirname(fileURLToPath(import.meta.url)), '../../config.toml');

/** GoTrue's template names, as `[auth.email.template.<name>]` spells them. */
export const TEMPLATE_NAMES = ['confirmation', 'invite', 'magic_link', 'recovery', 'email_change'] as const;
export type TemplateName = (typeof TEMPLATE_NAMES)[number];

export interface EmailTemplate {
  subject: string;
  /** HTML with Go-template placeholders such as `{{ .ConfirmationURL }}`. */
  content: string;
}

export interface ProjectConfig {
  siteUrl?: string;
  additionalRedirectUrls?: string[];
  jwtExpiry?: number;
  /** `[auth.email] enable_confirmations = false` means sign-up signs in at once. */
  autoconfirm?: boolean;
  otpExpiry?: number;
  minimumPasswordLength?: number;
  passwordRequirements?: string;
  rateLimits: Partial<RateLimits>;
  emailTemplates: Partial<Record<TemplateName, EmailTemplate>>;
}

export class ProjectConfigError extends Error {
  override name = 'ProjectConfigError';
}

type Table = Record<string, unknown>;

const isTable = (value: unknown): value is Table =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function table(parent: Table | undefined, key: string): Table | undefined {
  const value = parent?.[key];
  return isTable(value) ? value : undefined;
}

/** `env(NAME)` → process.env.NAME (undefined when unset), like the CLI's config loader. */
function resolveEnv(value: unknown, env: NodeJS.ProcessEnv): unknown {
  if (typeof value === 'string') {
    const match = /^env\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*\)$/.exec(value.trim());
    return match?.[1] ? env[match[1]] : value;
  }
  if (Array.isArray(value)) return value.map((item) => resolveEnv(item, env));
  return value;
}

function read<T>(
  file: string,
  parent: Table | undefined,
  key: string,
  kind: 'string' | 'number' | 'boolean',
  env: NodeJS.ProcessEnv,
): T | undefined {
  let value = resolveEnv(parent?.[key], env);
  if (value === undefined || value === '') return undefined;
  // env() always yields text: numbers and booleans written that way are converted.
  if (typeof value === 'string' && kind === 'number' && /^\d+$/.test(value)) value = Number(value);
  if (typeof value === 'string' && kind === 'boolean' && /^(true|false)$/.test(value)) {
    value = value === 'true';
  }
  if (typeof value === 'bigint') value = Number(value);
  if (typeof value !== kind) {
    throw new ProjectConfigError(`${file}: ${key} must be a ${kind}, got ${JSON.stringify(value)}`);
  }
  return value as T;
}

/** Go durations as the CLI writes them ("1m0s", "60s", "1h"), in seconds. */
export function parseDuration(value: string): number {
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value.trim()) {
    throw new ProjectConfigError(`not a duration: ${JSON.stringify(value)}`);
  }
  const unit = { h: 3600, m: 60, s: 1, ms: 0.001 } as const;
  return parts.reduce((sum, [, n, u]) => sum + Number(n) * unit[u as keyof typeof unit], 0);
}

/**
 * Reads the file; `content_path` is relative to the project directory (the folder holding
 * `supabase/`), as the CLI resolves it.
 */
export function loadProjectConfig(path: string, env: NodeJS.ProcessEnv = process.env): ProjectConfig {
  const file = resolve(path);
  let doc: Table;
  try {
    doc = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ProjectConfigError(`cannot read ${file}: ${(error as Error).message}`);
  }
  const auth = table(doc, 'auth');
  const email = table(auth, 'email');
  const limits = table(auth, 'rate_limit');
  const r = <T>(parent: Table | undefined, key: string, kind: 'string' | 'number' | 'boolean') =>
    read<T>(file, parent, key, kind, env);

  const config: ProjectConfig = { rateLimits: {}, emailTemplates: {} };
  const siteUrl = r<string>(auth, 'site_url', 'string');
  if (siteUrl) config.siteUrl = siteUrl;
  const redirects = resolveEnv(auth?.additional_redirect_urls, env);
  if (redirects !== undefined) {
    if (!Array.isArray(redirects) || redirects.some((url) => typeof url !== 'string')) {
      throw new ProjectConfigError(`${file}: additional_redirect_urls must be a list of strings`);
    }
    config.additionalRedirectUrls = (redirects as string[]).filter((url) => url !== '');
  }
  const jwtExpiry = r<number>(auth, 'jwt_expiry', 'number');
  if (jwtExpiry !== undefined) config.jwtExpiry = jwtExpiry;
  const minimum = r<number>(auth, 'minimum_password_length', 'number');
  if (minimum !== undefined) config.minimumPasswordLength = minimum;
  const requirements = r<string>(auth, 'password_requirements', 'string');
  if (requirements !== undefined) config.passwordRequirements = requirements;

  const confirmations = r<boolean>(email, 'enable_confirmations', 'boolean');
  if (confirmations !== undefined) config.autoconfirm = !confirmations;
  const otpExpiry = r<number>(email, 'otp_expiry', 'number');
  if (otpExpiry !== undefined) config.otpExpiry = otpExpiry;
  const maxFrequency = r<string>(email, 'max_frequency', 'string');
  if (maxFrequency !== undefined) config.rateLimits.emailMinIntervalSeconds = parseDuration(maxFrequency);

  const limitKeys: [string, keyof RateLimits][] = [
    ['email_sent', 'emailSentPerHour'],
    ['sign_in_sign_ups', 'signInPer5Min'],
    ['token_verifications', 'verifyPer5Min'],
    ['token_refresh', 'tokenRefreshPer5Min'],
  ];
  for (const [key, field] of limitKeys) {
    const value = r<number>(limits, key, 'number');
    if (value !== undefined) config.rateLimits[field] = value;
  }

  const projectDir = dirname(dirname(file));
  const templates = table(email, 'template');
  for (const name of TEMPLATE_NAMES) {
    const entry = table(templates, name);
    const contentPath = r<string>(entry, 'content_path', 'string');
    if (!entry || !contentPath) continue;
    const templateFile = isAbsolute(contentPath) ? contentPath : resolve(projectDir, contentPath);
    if (!existsSync(templateFile)) {
      throw new ProjectConfigError(`${file}: [auth.email.template.${name}] ${contentPath} does not exist`);
    }
    config.emailTemplates[name] = {
      subject: r<string>(entry, 'subject', 'string') ?? '',
      content: readFileSync(templateFile, 'utf8'),
    };
  }
  return config;
}
