/**
 * The e-mails and text messages the emulator "sends" (they land in the inbox). E-mails use the
 * project's templates from supabase/config.toml (`[auth.email.template.<name>]`, files under
 * supabase/templates/), the same files a hosted project is given, with GoTrue's placeholders
 * (`{{ .ConfirmationURL }}`, `{{ .Token }}`, `{{ .TokenHash }}`, `{{ .SiteURL }}`, `{{ .Email }}`,
 * `{{ .NewEmail }}`, `{{ .RedirectTo }}`). A kind the file has no template for gets GoTrue's default.
 * The plain-text twin is derived from the HTML (GoTrue sends HTML only; the inbox shows both).
 */
import type { ResolvedConfig } from '../config';
import type { OutgoingMessage } from '../context';
import type { TemplateName } from '../project-config';

export type MailKind = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change';

const TEMPLATE_FOR: Record<MailKind, TemplateName> = {
  signup: 'confirmation',
  invite: 'invite',
  magiclink: 'magic_link',
  recovery: 'recovery',
  email_change: 'email_change',
};

/** GoTrue's built-in subjects and bodies (templatemailer.go), used when config.toml names none. */
const GOTRUE_DEFAULTS: Record<TemplateName, { subject: string; content: string }> = {
  invite: {
    subject: "You've been invited",
    content: `<h2>You've been invited</h2>
<p>You've been invited to create an account. Follow the link below to accept.</p>
<p><a href="{{ .ConfirmationURL }}">Accept invitation</a></p>`,
  },
  confirmation: {
    subject: 'Confirm your email address',
    content: `<h2>Confirm your email address</h2>
<p>Follow the link below to confirm this email address and finish signing up.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm email address</a></p>`,
  },
  recovery: {
    subject: 'Reset your password',
    content: `<h2>Reset your password</h2>
<p>We received a request to reset your password. Follow the link below to choose a new one.</p>
<p><a href="{{ .ConfirmationURL }}">Reset password</a></p>
<p>If you didn't request this, you can safely ignore this email.</p>`,
  },
  magic_link: {
    subject: 'Your sign-in link',
    content: `<h2>Your sign-in link</h2>
<p>Follow the link below to sign in. This link expires shortly and can only be used once.</p>
<p><a href="{{ .ConfirmationURL }}">Sign in</a></p>`,
  },
  email_change: {
    subject: 'Confirm your new email address',
    content: `<h2>Confirm your new email address</h2>
<p>Follow the link below to confirm {{ .NewEmail }} as your new email address.</p>
<p><a href="{{ .ConfirmationURL }}">Confirm new email address</a></p>
<p>If you didn't request this change, you can safely ignore this email.</p>`,
  },
};

/** What a template can refer to, by GoTrue's names. */
export interface TemplateData {
  ConfirmationURL: string;
  Token: string;
  TokenHash: string;
  SiteURL: string;
  Email: string;
  NewEmail?: string;
  RedirectTo: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * Go's html/template escapes every value it inserts; so does this. Only the plain `{{ .Name }}` form
 * is supported: an unknown name renders empty, as Go renders a missing map key.
 */
export function renderTemplate(template: string, data: TemplateData, escape = escapeHtml): string {
  return template.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (_, name: string) => {
    const value = (data as unknown as Record<string, string | undefined>)[name];
    return value === undefined ? '' : escape(value);
  });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: ' ', middot: '·' };

/** A readable plain-text version of a rendered e-mail: links written out after their label. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(head|style|title)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<a\b[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a\s*>/gi, (_, href: string, label: string) => {
      const text = label.replace(/<[^>]+>/g, '').trim();
      return text && text !== href ? `${text}: ${href}` : href;
    })
    .replace(/<(br|\/p|\/tr|\/h\d|\/div)\b[^>]*>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#\d+|[a-z]+);/gi, (entity: string, name: string) =>
      name.startsWith('#') ? String.fromCharCode(Number(name.slice(1))) : (ENTITIES[name] ?? entity),
    )
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line, i, lines) => line !== '' || (i > 0 && lines[i - 1] !== ''))
    .join('\n')
    .trim();
}

export function emailMessage(
  config: Pick<ResolvedConfig, 'emailTemplates'>,
  kind: MailKind,
  to: string,
  data: TemplateData,
): OutgoingMessage {
  const name = TEMPLATE_FOR[kind];
  const template = config.emailTemplates[name];
  const fallback = GOTRUE_DEFAULTS[name];
  const subject = renderTemplate(template?.subject || fallback.subject, data, (v) => v);
  const html = renderTemplate(template?.content ?? fallback.content, data);
  return { to, subject, text: htmlToText(html), html, channel: 'email' };
}

export function smsMessage(to: string, otp: string): OutgoingMessage {
  const text = `Your Spotter verification code is ${otp}. It expires in 5 minutes.`;
  return {
    to,
    subject: 'Spotter verification code',
    text,
    html: `<p>${escapeHtml(text)}</p>`,
    channel: 'sms',
  };
}
