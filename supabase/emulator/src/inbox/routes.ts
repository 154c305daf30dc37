/** Placeholder until the inbox service lands: every path answers 501. */
import { Hono } from 'hono';
import type { EmulatorContext } from '../context';

export function inboxRoutes(_ctx: EmulatorContext): Hono {
  const app = new Hono();
  app.all('*', (c) => c.json({ message: 'inbox is not implemented yet' }, 501));
  return app;
}
