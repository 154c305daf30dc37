/**
 * The REST side of Realtime broadcast, mounted at /realtime/v1/api:
 * - `POST /broadcast` `{"messages":[{"topic","event","payload","private"}]}`: what realtime-js falls
 *   back to when `send()` runs on an unjoined channel; 202 on success.
 * - `POST /broadcast/:topic/events/:event` with the payload as the body (JSON or raw bytes): what
 *   `channel.httpSend()` calls; 202 on success.
 * Messages reach every member of `realtime:<topic>` through the same hub as WebSocket broadcasts. A
 * private message is sent only if the caller's RLS on `realtime.messages` lets them insert a broadcast on
 * that topic (the service role bypasses RLS); others are dropped, and the answer is still 202, as hosted.
 */
import { Hono, type Context } from 'hono';
import type { EmulatorContext } from '../context';
import type { RequestIdentity } from '../db/request-context';
import { resolveIdentity } from '../http/identity';
import { hubKeyFor } from './hub';
import { authorizerFor, hubFor } from './server';

const MAX_MESSAGES = 100;
const MAX_BODY_BYTES = 1024 * 1024;

export function broadcastRoutes(ctx: EmulatorContext): Hono {
  const app = new Hono();

  const authorize = async (c: Context) => {
    const identity = await resolveIdentity(ctx, c.req.raw.headers, new URL(c.req.url));
    if (!identity.ok) {
      return { denied: c.json(identity.body, identity.status as 401, identity.headers ?? {}) };
    }
    return { identity: identity.identity };
  };
  const maySend = async (identity: RequestIdentity, topic: string, isPrivate: boolean) =>
    !isPrivate ||
    identity.role === 'service_role' ||
    (await authorizerFor(ctx).write(identity, topic, 'broadcast'));

  app.post('/broadcast', async (c) => {
    const caller = await authorize(c);
    if ('denied' in caller) return caller.denied;
    const text = await c.req.text();
    if (text.length > MAX_BODY_BYTES) return c.json({ message: 'Payload too large' }, 413);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return c.json({ message: 'Request body is not valid JSON' }, 400);
    }
    const messages = (body as { messages?: unknown } | null)?.messages;
    if (!Array.isArray(messages) || messages.length === 0 || messages.length > MAX_MESSAGES) {
      return c.json({ errors: { messages: [`must be a list of 1 to ${MAX_MESSAGES} messages`] } }, 422);
    }
    const valid = messages.every(
      (m: unknown) =>
        m !== null &&
        typeof m === 'object' &&
        typeof (m as Record<string, unknown>).topic === 'string' &&
        typeof (m as Record<string, unknown>).event === 'string',
    );
    if (!valid) return c.json({ errors: { messages: ['each message needs a topic and an event'] } }, 422);
    const hub = hubFor(ctx);
    for (const m of messages as Record<string, unknown>[]) {
      const subTopic = String(m.topic).replace(/^realtime:/, '');
      if (!(await maySend(caller.identity, subTopic, m.private === true))) continue;
      const topic = `realtime:${subTopic}`;
      hub.broadcast(hubKeyFor(topic, m.private === true), {
        event: String(m.event),
        payload: m.payload ?? {},
      });
    }
    return c.body(null, 202);
  });

  app.post('/broadcast/:topic/events/:event', async (c) => {
    const caller = await authorize(c);
    if ('denied' in caller) return caller.denied;
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    if (bytes.length > MAX_BODY_BYTES) return c.json({ message: 'Payload too large' }, 413);
    const contentType = c.req.header('content-type') ?? '';
    let payload: unknown = bytes;
    if (!contentType.startsWith('application/octet-stream')) {
      try {
        payload = JSON.parse(new TextDecoder().decode(bytes));
      } catch {
        return c.json({ message: 'Request body is not valid JSON' }, 400);
      }
    }
    const subTopic = c.req.param('topic').replace(/^realtime:/, '');
    const topic = `realtime:${subTopic}`;
    const isPrivate = new URL(c.req.url).searchParams.get('private') === 'true';
    if (!(await maySend(caller.identity, subTopic, isPrivate))) return c.body(null, 202);
    hubFor(ctx).broadcast(hubKeyFor(topic, isPrivate), { event: c.req.param('event'), payload });
    return c.body(null, 202);
  });

  return app;
}
