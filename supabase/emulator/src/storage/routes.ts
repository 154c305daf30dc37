/** Placeholder until the storage service lands: every path answers 501. */
import { Hono } from 'hono';
import type { EmulatorContext } from '../context';

export function storageRoutes(_ctx: EmulatorContext): Hono {
  const app = new Hono();
  app.all('*', (c) => c.json({ message: 'storage is not implemented yet' }, 501));
  return app;
}
