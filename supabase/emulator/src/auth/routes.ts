/**
 * The auth service (`/auth/v1`), GoTrue-compatible as @supabase/auth-js 2.x calls it (supabase/auth:
 * internal/api; the contract in README.md). Every response carries `X-Supabase-Api-Version`; every path but
 * the browser-facing ones (/verify, /callback, /authorize, JWKS) needs the project's `apikey`.
 * State lives in GoTrue's auth tables; rate-limit counters live in this process.
 */
import { Hono, type Context } from 'hono';
import type { EmulatorContext } from '../context';
import * as account from './account';
import * as admin from './admin';
import { API_VERSION, API_VERSION_HEADER, AuthError, sendAuthError } from './errors';
import { apiKeyRefusal } from './guard';
import * as mfa from './mfa';
import * as oauth from './oauth';
import { createAuthLimits } from './rate-limit';
import { otp, signup } from './signup';
import { token } from './token';
import { verifyGet, verifyPost } from './verify';

const KEYLESS_PATHS = new Set(['/verify', '/callback', '/authorize', '/.well-known/jwks.json']);

type Handler = (c: Context) => Promise<Response>;

export function authRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();
  const limits = createAuthLimits(ctx.config.rateLimits);

  /** Turns AuthErrors into GoTrue bodies and anything else into a logged, stack-free 500. */
  const guarded =
    (fn: Handler): Handler =>
    async (c) => {
      try {
        return await fn(c);
      } catch (error) {
        if (error instanceof AuthError) {
          if (error.status >= 500) {
            ctx.log(`auth: ${error.message} on ${c.req.method} ${c.req.path}: ${String(error.cause)}`);
          }
          return sendAuthError(c, error);
        }
        ctx.log(
          `auth: unexpected error on ${c.req.method} ${c.req.path}: ${(error as Error).stack ?? String(error)}`,
        );
        return sendAuthError(
          c,
          new AuthError(
            500,
            'unexpected_failure',
            'Unexpected failure, please check server logs for more information',
          ),
        );
      }
    };
  const json = (fn: (c: Context) => Promise<unknown>): Handler =>
    guarded(async (c) => c.json((await fn(c)) as Record<string, unknown>));

  app.use('*', async (c, next) => {
    const path = new URL(c.req.url).pathname.replace(/^.*?\/auth\/v1/, '') || '/';
    if (!KEYLESS_PATHS.has(path)) {
      const refusal = await apiKeyRefusal(ctx, c.req.raw.headers, new URL(c.req.url));
      if (refusal) {
        c.header(API_VERSION_HEADER, API_VERSION);
        return c.json(refusal, 401);
      }
    }
    await next();
    c.res.headers.set(API_VERSION_HEADER, API_VERSION);
  });

  app.get('/health', (c) =>
    c.json({
      version: 'spotter-emulator',
      name: 'GoTrue',
      description: 'GoTrue is a user registration and authentication API',
    }),
  );
  app.get('/settings', (c) => c.json(settings(ctx)));
  app.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=600');
    return c.json(ctx.keys.jwks);
  });

  app.post(
    '/signup',
    json((c) => signup(ctx, c, limits)),
  );
  app.post(
    '/otp',
    json((c) => otp(ctx, c, limits)),
  );
  app.post(
    '/token',
    json((c) => token(ctx, c, limits)),
  );
  app.post(
    '/logout',
    guarded(async (c) => {
      await account.logout(ctx, c);
      return c.body(null, 204);
    }),
  );
  app.post(
    '/recover',
    json((c) => account.recover(ctx, c, limits)),
  );
  app.post(
    '/resend',
    json((c) => account.resend(ctx, c, limits)),
  );
  app.get(
    '/verify',
    guarded((c) => verifyGet(ctx, c, limits)),
  );
  app.post(
    '/verify',
    json((c) => verifyPost(ctx, c, limits)),
  );
  app.get(
    '/user',
    json((c) => account.getUser(ctx, c)),
  );
  app.put(
    '/user',
    json((c) => account.updateUser(ctx, c, limits)),
  );

  app.post(
    '/factors',
    json((c) => mfa.enroll(ctx, c)),
  );
  app.post(
    '/factors/:id/challenge',
    json((c) => mfa.challenge(ctx, c)),
  );
  app.post(
    '/factors/:id/verify',
    json((c) => mfa.verify(ctx, c, limits)),
  );
  app.delete(
    '/factors/:id',
    json((c) => mfa.unenroll(ctx, c)),
  );

  app.get(
    '/authorize',
    guarded((c) => oauth.authorize(ctx, c)),
  );
  app.get(
    '/callback',
    guarded((c) => oauth.callback(ctx, c)),
  );
  app.post(
    '/callback',
    guarded((c) => oauth.callback(ctx, c)),
  );

  app.get(
    '/admin/users',
    json((c) => admin.listUsers(ctx, c)),
  );
  app.post(
    '/admin/users',
    json((c) => admin.createUser(ctx, c)),
  );
  app.get(
    '/admin/users/:id',
    json((c) => admin.getUserById(ctx, c)),
  );
  app.put(
    '/admin/users/:id',
    json((c) => admin.updateUserById(ctx, c)),
  );
  app.delete(
    '/admin/users/:id',
    json((c) => admin.deleteUser(ctx, c)),
  );
  app.post(
    '/invite',
    json((c) => admin.invite(ctx, c, limits)),
  );
  app.post(
    '/admin/generate_link',
    json((c) => admin.generateLink(ctx, c)),
  );

  app.all('*', (c) =>
    sendAuthError(c, new AuthError(404, 'not_found', `no route for ${c.req.method} ${c.req.path}`)),
  );
  return app;
}

function settings(ctx: EmulatorContext): Record<string, unknown> {
  const external: Record<string, boolean> = { anonymous_users: false, email: true, phone: false };
  for (const provider of ['apple', 'google']) external[provider] = true;
  for (const provider of [
    'azure',
    'bitbucket',
    'discord',
    'facebook',
    'figma',
    'github',
    'gitlab',
    'kakao',
    'keycloak',
    'linkedin_oidc',
    'notion',
    'slack_oidc',
    'spotify',
    'twitch',
    'twitter',
    'workos',
    'zoom',
  ]) {
    external[provider] = false;
  }
  return {
    external,
    disable_signup: false,
    mailer_autoconfirm: ctx.config.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}
