/**
 * The e-mails and text messages the emulator "sends" (they land in the inbox): Spotter-branded HTML
 * with a plain-text twin, like Supabase's templates with {{ .ConfirmationURL }} and {{ .Token }}.
 */
import type { OutgoingMessage } from '../context';

export type MailKind = 'signup' | 'invite' | 'magiclink' | 'recovery' | 'email_change';

interface Template {
  subject: string;
  heading: string;
  intro: string;
  button: string;
  outro: string;
}

const TEMPLATES: Record<MailKind, Template> = {
  signup: {
    subject: 'Confirm your Spotter account',
    heading: 'Welcome to Spotter!',
    intro:
      'Thanks for signing up. Confirm your e-mail address to start planning workouts with your gym buddies.',
    button: 'Confirm my e-mail',
    outro: "If you didn't create a Spotter account, you can ignore this e-mail.",
  },
  invite: {
    subject: "You've been invited to Spotter",
    heading: "You're invited to Spotter",
    intro:
      'Someone invited you to join Spotter, the social fitness app. Accept the invitation to create your account.',
    button: 'Accept the invitation',
    outro: "If you weren't expecting this invitation, you can ignore this e-mail.",
  },
  magiclink: {
    subject: 'Your Spotter sign-in link',
    heading: 'Sign in to Spotter',
    intro: 'Use this link to sign in to Spotter. It works once.',
    button: 'Sign in',
    outro: "If you didn't ask to sign in, you can ignore this e-mail.",
  },
  recovery: {
    subject: 'Reset your Spotter password',
    heading: 'Reset your password',
    intro: 'We received a request to reset the password of your Spotter account.',
    button: 'Choose a new password',
    outro: "If you didn't ask for a new password, you can ignore this e-mail: your password stays the same.",
  },
  email_change: {
    subject: 'Confirm your new e-mail address for Spotter',
    heading: 'Confirm the e-mail change',
    intro: 'Confirm that you want to change the e-mail address of your Spotter account.',
    button: 'Confirm the change',
    outro: "If you didn't ask for this change, sign in and change your password.",
  },
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function emailMessage(
  kind: MailKind,
  to: string,
  link: string,
  otp: string,
  minutesValid: number,
  detail?: string,
): OutgoingMessage {
  const t = TEMPLATES[kind];
  const intro = detail ? `${t.intro} ${detail}` : t.intro;
  const text = [
    t.heading,
    '',
    intro,
    '',
    `${t.button}: ${link}`,
    '',
    `Or enter this code: ${otp}`,
    `The link and the code are valid for ${minutesValid} minutes and work once.`,
    '',
    t.outro,
    '',
    '- The Spotter team',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(t.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2933">
  <table role="presentation" width="100%" cellspacing="0" cellpadding="0"><tr><td align="center">
    <table role="presentation" width="480" cellspacing="0" cellpadding="0" style="background:#ffffff;border-radius:12px;padding:32px">
      <tr><td style="font-size:22px;font-weight:700;color:#e8590c">Spotter</td></tr>
      <tr><td style="padding-top:16px;font-size:20px;font-weight:600">${escapeHtml(t.heading)}</td></tr>
      <tr><td style="padding-top:12px;font-size:15px;line-height:1.5">${escapeHtml(intro)}</td></tr>
      <tr><td style="padding:24px 0">
        <a href="${escapeHtml(link)}" style="display:inline-block;background:#e8590c;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(t.button)}</a>
      </td></tr>
      <tr><td style="font-size:14px;line-height:1.5">Or enter this code: <strong style="font-size:18px;letter-spacing:2px">${otp}</strong></td></tr>
      <tr><td style="padding-top:8px;font-size:13px;color:#52606d">The link and the code are valid for ${minutesValid} minutes and work once.</td></tr>
      <tr><td style="padding-top:24px;font-size:13px;color:#52606d">${escapeHtml(t.outro)}</td></tr>
    </table>
  </td></tr></table>
</body></html>`;
  return { to, subject: t.subject, text, html, channel: 'email' };
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
