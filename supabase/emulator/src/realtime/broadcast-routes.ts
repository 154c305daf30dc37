/** Placeholder until realtime lands: POST /realtime/v1/api/broadcast answers 501. */
import { Hono } from 'hono';
import type { EmulatorContext } from '../context';

export function broadcastRoutes(_ctx: EmulatorContext): Hono {
  const app = new Hono();
  app.all('*', (c) => c.json({ message: 'realtime broadcast is not implemented yet' }, 501));
  return app;
}
