/**
 * Building the e-mails that carry a link and a code: issues the one-time token (and, for PKCE, the
 * flow state) inside the caller's transaction and returns the message, which the caller hands to the
 * mailbox after COMMIT (PGlite has one connection: the mailbox cannot write while the transaction
 * holds it).
 */
import type { EmulatorContext, OutgoingMessage } from '../context';
import type { Queryable } from '../db/engine';
import { emailRateLimited } from './errors';
import { emailMessage, type MailKind } from './mail-templates';
import { issueToken, type TokenType } from './one-time-tokens';
import { createFlowState, type PkceParams } from './pkce';
import type { AuthLimits } from './rate-limit';

export type LinkKind = MailKind | 'email_change_current' | 'email_change_new';

interface KindInfo {
  tokenType: TokenType;
  verifyType: string;
  mail: MailKind;
  flowMethod: string;
  sentAtColumn: string;
}

const KINDS: Record<LinkKind, KindInfo> = {
  signup: {
    tokenType: 'confirmation_token',
    verifyType: 'signup',
    mail: 'signup',
    flowMethod: 'email/signup',
    sentAtColumn: 'confirmation_sent_at',
  },
  invite: {
    tokenType: 'confirmation_token',
    verifyType: 'invite',
    mail: 'invite',
    flowMethod: 'invite',
    sentAtColumn: 'invited_at',
  },
  magiclink: {
    tokenType: 'recovery_token',
    verifyType: 'magiclink',
    mail: 'magiclink',
    flowMethod: 'magiclink',
    sentAtColumn: 'recovery_sent_at',
  },
  recovery: {
    tokenType: 'recovery_token',
    verifyType: 'recovery',
    mail: 'recovery',
    flowMethod: 'recovery',
    sentAtColumn: 'recovery_sent_at',
  },
  email_change: {
    tokenType: 'email_change_token_new',
    verifyType: 'email_change',
    mail: 'email_change',
    flowMethod: 'email_change',
    sentAtColumn: 'email_change_sent_at',
  },
  email_change_new: {
    tokenType: 'email_change_token_new',
    verifyType: 'email_change',
    mail: 'email_change',
    flowMethod: 'email_change',
    sentAtColumn: 'email_change_sent_at',
  },
  email_change_current: {
    tokenType: 'email_change_token_current',
    verifyType: 'email_change',
    mail: 'email_change',
    flowMethod: 'email_change',
    sentAtColumn: 'email_change_sent_at',
  },
};

export interface PreparedLink {
  message: OutgoingMessage;
  link: string;
  otp: string;
  tokenHash: string;
  verifyType: string;
  redirectTo: string;
}

export function verifyUrl(ctx: EmulatorContext, token: string, type: string, redirectTo: string): string {
  const params = new URLSearchParams({ token, type, redirect_to: redirectTo });
  return `${ctx.apiUrl()}/auth/v1/verify?${params.toString()}`;
}

/**
 * GoTrue's per-address limit: one mail of a kind per `emailMinIntervalSeconds`, judged by the
 * user's `*_sent_at` column.
 */
export async function checkMailInterval(
  tx: Queryable,
  ctx: EmulatorContext,
  userId: string,
  kind: LinkKind,
): Promise<void> {
  const column = KINDS[kind].sentAtColumn;
  const { rows } = await tx.query<{ elapsed: number | null }>(
    `select extract(epoch from now() - ${column})::float8 as elapsed from auth.users where id = $1`,
    [userId],
  );
  const elapsed = rows[0]?.elapsed;
  const interval = ctx.config.rateLimits.emailMinIntervalSeconds;
  if (elapsed !== null && elapsed !== undefined && elapsed < interval) {
    throw emailRateLimited(Math.max(1, Math.ceil(interval - elapsed)));
  }
}

export interface LinkOptions {
  userId: string;
  /** Where the mail goes; also the address the token is bound to. */
  to: string;
  redirectTo: string;
  pkce?: PkceParams | null;
  /** Count the mail against the hourly budget and the per-address interval. */
  limits?: AuthLimits;
  /** The account's current address, when the mail goes elsewhere (`{{ .Email }}`; default `to`). */
  email?: string;
  /** The address an e-mail change moves to (`{{ .NewEmail }}`). */
  newEmail?: string;
}

export async function prepareLink(
  tx: Queryable,
  ctx: EmulatorContext,
  kind: LinkKind,
  options: LinkOptions,
): Promise<PreparedLink> {
  const info = KINDS[kind];
  if (options.limits) {
    await checkMailInterval(tx, ctx, options.userId, kind);
    options.limits.email();
  }
  const { otp, tokenHash } = await issueToken(tx, options.userId, info.tokenType, options.to);
  let token = tokenHash;
  if (options.pkce) {
    await createFlowState(tx, options.pkce, {
      userId: options.userId,
      providerType: 'email',
      authenticationMethod: info.flowMethod,
    });
    token = `pkce_${tokenHash}`;
  }
  await tx.query(`update auth.users set ${info.sentAtColumn} = now() where id = $1`, [options.userId]);
  const link = verifyUrl(ctx, token, info.verifyType, options.redirectTo);
  const message = emailMessage(ctx.config, info.mail, options.to, {
    ConfirmationURL: link,
    Token: otp,
    TokenHash: token,
    SiteURL: ctx.config.siteUrl,
    Email: options.email ?? options.to,
    ...(options.newEmail ? { NewEmail: options.newEmail } : {}),
    RedirectTo: options.redirectTo,
  });
  return {
    message,
    link,
    otp,
    tokenHash,
    verifyType: info.verifyType,
    redirectTo: options.redirectTo,
  };
}

export function flowMethodForVerifyType(type: string): string {
  switch (type) {
    case 'signup':
      return 'email/signup';
    case 'email':
      return 'magiclink';
    default:
      return type;
  }
}

export async function deliver(ctx: EmulatorContext, links: readonly PreparedLink[]): Promise<void> {
  for (const link of links) await ctx.mailbox.send(link.message);
}
