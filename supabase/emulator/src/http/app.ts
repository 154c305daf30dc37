/**
 * The emulator's HTTP surface: one Hono app mounting each Supabase service under its hosted path, with
 * the CORS headers supabase-js needs and a JSON 404 for anything else.
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { EmulatorContext } from '../context';
import { authRoutes } from '../auth/routes';
import { inboxRoutes } from '../inbox/routes';
import { broadcastRoutes } from '../realtime/broadcast-routes';
import { restRoutes } from '../rest/routes';
import { storageRoutes } from '../storage/routes';

export const CORS_ALLOW_HEADERS = [
  'apikey',
  'authorization',
  'x-client-info',
  'content-type',
  'accept',
  'accept-profile',
  'content-profile',
  'prefer',
  'range',
  'x-supabase-api-version',
  'x-retry-count',
  'x-upsert',
  'cache-control',
];
export const CORS_EXPOSE_HEADERS = [
  'Content-Range',
  'X-Supabase-Api-Version',
  'Location',
  'Content-Location',
];

export function createApp(ctx: EmulatorContext): Hono {
  const app = new Hono();
  app.use(
    '*',
    cors({
      origin: (origin) => origin || '*',
      allowHeaders: CORS_ALLOW_HEADERS,
      exposeHeaders: CORS_EXPOSE_HEADERS,
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      credentials: true,
      maxAge: 86400,
    }),
  );
  app.get('/', (c) =>
    c.json({ name: 'Spotter Supabase emulator', services: ['auth', 'rest', 'realtime', 'storage'] }),
  );
  app.get('/health', (c) => c.json({ status: 'ok' }));
  app.route('/auth/v1', authRoutes(ctx));
  app.route('/rest/v1', restRoutes(ctx));
  app.route('/storage/v1', storageRoutes(ctx));
  app.route('/realtime/v1/api', broadcastRoutes(ctx));
  app.route('/inbox', inboxRoutes(ctx));
  app.notFound((c) =>
    c.json({ message: `no route for ${c.req.method} ${new URL(c.req.url).pathname}` }, 404),
  );
  app.onError((error, c) => {
    ctx.log(`internal error on ${c.req.method} ${c.req.url}: ${error.stack ?? error.message}`);
    return c.json({ message: 'Internal server error' }, 500);
  });
  return app;
}
