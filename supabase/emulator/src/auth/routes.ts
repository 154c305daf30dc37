/** Placeholder until the auth service lands: every path answers 501. */
import { Hono } from 'hono';
import type { EmulatorContext } from '../context';

export function authRoutes(_ctx: EmulatorContext): Hono {
  const app = new Hono();
  app.all('*', (c) => c.json({ message: 'auth is not implemented yet' }, 501));
  return app;
}
