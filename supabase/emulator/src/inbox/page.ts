/** The inbox's HTML: a list of messages (newest first) with their links clickable. */
import type { StoredMessage } from '../context';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Plain text with its URLs turned into links; everything else escaped. */
function linkify(text: string): string {
  const parts: string[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"')]+/g)) {
    const index = match.index ?? 0;
    parts.push(escapeHtml(text.slice(last, index)));
    const url = escapeHtml(match[0]);
    parts.push(`<a href="${url}" rel="noreferrer">${url}</a>`);
    last = index + match[0].length;
  }
  parts.push(escapeHtml(text.slice(last)));
  return parts.join('');
}

function messageCard(message: StoredMessage, base: string): string {
  const links = message.links
    .map((link) => `<li><a href="${escapeHtml(link)}" rel="noreferrer">${escapeHtml(link)}</a></li>`)
    .join('');
  const channel = message.channel === 'sms' ? 'SMS' : 'E-mail';
  return `<article>
    <header>
      <span class="channel">${channel}</span>
      <h2>${escapeHtml(message.subject)}</h2>
      <p class="meta">To <strong>${escapeHtml(message.to)}</strong> · <time datetime="${escapeHtml(message.created_at)}">${escapeHtml(message.created_at)}</time>
        · <a href="${base}/messages/${escapeHtml(message.id)}">view HTML</a></p>
    </header>
    <pre>${linkify(message.text)}</pre>
    ${links ? `<ul class="links">${links}</ul>` : ''}
  </article>`;
}

export function inboxPage(messages: readonly StoredMessage[], base: string, to?: string): string {
  const title = to ? `Inbox for ${escapeHtml(to)}` : 'Inbox';
  const body =
    messages.length === 0
      ? '<p class="empty">No messages yet. Sign up or ask for a password reset and they appear here.</p>'
      : messages.map((m) => messageCard(m, base)).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · Spotter emulator</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f5f7; color: #1f2933; margin: 0; padding: 24px 16px; }
  main { max-width: 760px; margin: 0 auto; }
  h1 { font-size: 22px; } h1 small { color: #52606d; font-weight: 400; font-size: 14px; }
  article { background: #fff; border-radius: 10px; padding: 16px 20px; margin: 0 0 16px; }
  h2 { font-size: 17px; margin: 4px 0; }
  .meta { color: #52606d; font-size: 13px; margin: 0 0 8px; }
  .channel { font-size: 11px; text-transform: uppercase; letter-spacing: 1px; color: #e8590c; font-weight: 700; }
  pre { white-space: pre-wrap; word-break: break-word; font-family: inherit; font-size: 14px; background: #f8f9fa; padding: 12px; border-radius: 6px; }
  ul.links { font-size: 13px; word-break: break-all; }
  .empty { color: #52606d; }
  form { display: inline; }
</style></head>
<body><main>
  <h1>${title} <small>Spotter emulator · ${messages.length} message${messages.length === 1 ? '' : 's'}</small></h1>
  <p><a href="${base}">All messages</a> · <a href="${base}/api/messages${to ? `?to=${encodeURIComponent(to)}` : ''}">JSON</a></p>
  ${body}
</main></body></html>`;
}
