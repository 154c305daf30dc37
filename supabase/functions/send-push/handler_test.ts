// send-push's request handling with its I/O replaced by recorders: who may call it, what is sent, what
// a 410 or a refused endpoint does. (The real database, DNS and push service: test/integration/push.)
import { deepStrictEqual as assertEquals } from 'node:assert/strict';
import { createHandler, MAX_SUBSCRIPTIONS, type HandlerDeps, type PushJob } from './handler.ts';

const secret = 'a-long-enough-secret-value';
const job: PushJob = {
  notification: {
    id: 'n1',
    type: 'flex_received',
    actor_username: 'bob',
    workout_type: null,
    workout_date: null,
    workout_time: null,
    language: 'en',
    timezone: 'UTC',
    unread_count: 1,
  },
  subscriptions: [
    { id: 's-ok', endpoint: 'https://push.example.com/ok', p256dh: 'k', auth: 'a' },
    { id: 's-gone', endpoint: 'https://push.example.com/gone', p256dh: 'k', auth: 'a' },
    { id: 's-bad', endpoint: 'https://push.example.com/bad', p256dh: 'k', auth: 'a' },
    { id: 's-local', endpoint: 'https://127.0.0.1/x', p256dh: 'k', auth: 'a' },
  ],
};

function setup(found: PushJob | null) {
  const sent: string[] = [];
  const deleted: string[] = [];
  const deps: HandlerDeps = {
    secret,
    load: () => Promise.resolve(found),
    message: (n) => ({ id: n.id, type: n.type, title: 'Spotter', body: 'hi', url: '/home' }),
    refusal: (endpoint) => Promise.resolve(endpoint.includes('127.0.0.1') ? 'loopback' : null),
    send(subscription, payload) {
      sent.push(`${subscription.id} ${payload}`);
      if (subscription.id === 's-gone') return Promise.reject({ statusCode: 410, body: 'gone' });
      if (subscription.id === 's-bad') return Promise.reject({ statusCode: 500, body: 'oops' });
      return Promise.resolve(201);
    },
    deleteSubscription: (id) => {
      deleted.push(id);
      return Promise.resolve();
    },
    log: () => undefined,
  };
  return { handler: createHandler(deps), sent, deleted };
}

const post = (body: unknown, authorization = `Bearer ${secret}`) =>
  new Request('http://x/send-push', {
    method: 'POST',
    headers: { authorization },
    body: JSON.stringify(body),
  });

Deno.test('anything without the secret is refused with 401 and sends nothing', async () => {
  const { handler, sent } = setup(job);
  assertEquals((await handler(post({ notification_id: 'n1' }, 'Bearer wrong'))).status, 401);
  assertEquals((await handler(post({ notification_id: 'n1' }, ''))).status, 401);
  assertEquals((await handler(new Request('http://x/send-push'))).status, 405);
  assertEquals((await handler(post({}))).status, 400);
  assertEquals(sent, []);
});

Deno.test(
  'each subscription gets the message once; 410 deletes, 500 is logged, loopback is refused',
  async () => {
    const { handler, sent, deleted } = setup(job);
    const response = await handler(post({ notification_id: 'n1' }));
    assertEquals(response.status, 200);
    const { deliveries } = (await response.json()) as {
      deliveries: { subscription_id: string; outcome: string; status: number | null }[];
    };
    assertEquals(
      deliveries.map((d) => [d.subscription_id, d.outcome, d.status]),
      [
        ['s-ok', 'sent', 201],
        ['s-gone', 'gone', 410],
        ['s-bad', 'failed', 500],
        ['s-local', 'refused', null],
      ],
    );
    const payload = JSON.stringify({
      id: 'n1',
      type: 'flex_received',
      title: 'Spotter',
      body: 'hi',
      url: '/home',
    });
    assertEquals(sent, [`s-ok ${payload}`, `s-gone ${payload}`, `s-bad ${payload}`]);
    assertEquals(deleted, ['s-gone']);
  },
);

Deno.test('nothing to send (push off, read or deleted) answers 200 with no deliveries', async () => {
  const { handler, sent } = setup(null);
  const response = await handler(post({ notification_id: 'n1' }));
  assertEquals(await response.json(), { notification_id: 'n1', deliveries: [] });
  assertEquals(sent, []);
});

Deno.test(
  'a notification is posted to at most MAX_SUBSCRIPTIONS subscriptions, whatever was loaded',
  async () => {
    const many: PushJob = {
      ...job,
      subscriptions: Array.from({ length: MAX_SUBSCRIPTIONS + 15 }, (_, i) => ({
        id: `s-${i}`,
        endpoint: `https://push.example.com/${i}`,
        p256dh: 'k',
        auth: 'a',
      })),
    };
    const { handler, sent } = setup(many);
    const response = await handler(post({ notification_id: 'n1' }));
    assertEquals(response.status, 200);
    assertEquals(MAX_SUBSCRIPTIONS, 10);
    assertEquals(
      sent.map((line) => line.split(' ')[0]),
      many.subscriptions.slice(0, MAX_SUBSCRIPTIONS).map((s) => s.id),
    );
  },
);
