/** Placeholder until the rest service lands: every path answers 501. */
import { Hono } from 'hono';
import type { EmulatorContext } from '../context';

export function restRoutes(_ctx: EmulatorContext): Hono {
  const app = new Hono();
  app.all('*', (c) => c.json({ message: 'rest is not implemented yet' }, 501));
  return app;
}
