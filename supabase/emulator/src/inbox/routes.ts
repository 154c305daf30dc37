/**
 * The inbox service (`/inbox`): an HTML list of everything the emulator "sent", one message's HTML
 * on its own (sandboxed by CSP), and a small JSON API for tests and tools.
 */
import { Hono } from 'hono';
import type { EmulatorContext } from '../context';
import { inboxPage } from './page';
import { clearMessages, getMessage, listMessages } from './store';

const MESSAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation";

function recipient(value: string | undefined): string | undefined {
  const to = value?.replaceAll('\u0000', '').trim();
  return to ? to.slice(0, 320) : undefined;
}

export function inboxRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();
  const base = () => `${ctx.apiUrl()}/inbox`;

  app.get('/', async (c) => {
    const to = recipient(c.req.query('to'));
    const messages = await listMessages(ctx.engine, { to, limit: 200 });
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    c.header('Cache-Control', 'no-store');
    return c.html(inboxPage(messages, base(), to));
  });

  app.get('/messages/:id', async (c) => {
    const message = await getMessage(ctx.engine, c.req.param('id'));
    if (!message) return c.json({ message: 'message not found' }, 404);
    c.header('Content-Security-Policy', MESSAGE_CSP);
    return c.html(message.html);
  });

  app.get('/api/messages', async (c) => {
    const to = recipient(c.req.query('to'));
    const messages = await listMessages(ctx.engine, { to });
    return c.json(
      messages.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        links: m.links,
        channel: m.channel,
        created_at: m.created_at,
      })),
    );
  });

  app.get('/api/messages/:id', async (c) => {
    const message = await getMessage(ctx.engine, c.req.param('id'));
    return message ? c.json(message) : c.json({ message: 'message not found' }, 404);
  });

  app.delete('/api/messages', async (c) => {
    const deleted = await clearMessages(ctx.engine, recipient(c.req.query('to')));
    return c.json({ deleted });
  });

  return app;
}
