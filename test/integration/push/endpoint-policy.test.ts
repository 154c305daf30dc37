// Push endpoints only on https public hosts (issue 16: the sender POSTs to every stored endpoint, so a
// loopback or private one would be a blind request forgery). On the emulator as the product runs it (no
// test push hosts), PGlite and PostgreSQL 15:
// - a hostile client storing a loopback, private, IP-literal, plain-http or odd-port endpoint through
//   REST is refused (SPP01), a real push service's endpoint is accepted, and the database's rule
//   (private.is_public_push_endpoint) agrees with the sender's (endpoint-policy.ts) on every case;
// - the emulator's test exception (private.push_endpoint_test_hosts) is empty and out of a client's reach;
// - the sender does not connect to a stored endpoint whose public-looking name resolves to loopback.
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:https';
import type { Socket } from 'node:net';
import type { SupabaseClient } from '@supabase/supabase-js';
import { expect, it } from 'vitest';
import { isPublicPushEndpoint } from '../../../supabase/functions/_shared/endpoint-policy';
import { publicOnlyLookup } from '../../../supabase/functions/send-push/public-only-lookup';
import { insertAuthUser } from '../../support/engines';
import { describeEachEmulator } from '../../support/emulator';
import { userClient, userToken } from '../emulator/realtime/support';
import { eventually } from '../sync/support';
import { selfSignedCertificate, startPushEndpoint, Subscriber } from './push-endpoint';

const REFUSED = [
  'https://127.0.0.1/x',
  'https://localhost/x',
  'https://[::1]/x',
  'https://10.0.0.1/x',
  'http://push.example.com/x',
  'https://2130706433/x',
  'https://0x7f.1/x',
  'https://push.example.com:8443/x',
  'https://169.254.169.254/latest/meta-data',
  'https://metadata.google.internal/x',
  'https://push.example.com@127.0.0.1/x',
  'https://%31%32%37.0.0.1/x',
  'https://127.0.0.1:41234/ok/x',
];
const ACCEPTED = [
  'https://fcm.googleapis.com/fcm/send/abc',
  'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
  'https://push.example.com:443/x',
];

/** Counts the connections an agent opens: none means the sender never tried the endpoint. */
class CountingAgent extends Agent {
  connections = 0;
  override createConnection(...args: Parameters<Agent['createConnection']>): Socket {
    this.connections++;
    return super.createConnection(...args) as Socket;
  }
}
const agent = new CountingAgent();
const REBOUND_HOST = 'push.rebound.example.com';

describeEachEmulator(
  'push endpoint policy',
  (suite) => {
    const person = async (): Promise<{ id: string; client: SupabaseClient }> => {
      const id = await insertAuthUser(suite.emulator().engine, { username: `pe${randomUUID().slice(0, 5)}` });
      return { id, client: await userClient(suite.emulator(), await userToken(suite.emulator(), id)) };
    };
    const store = (p: { id: string; client: SupabaseClient }, endpoint: string) => {
      const subscriber = new Subscriber();
      return p.client.from('push_subscriptions').insert({
        id: randomUUID(),
        user_id: p.id,
        endpoint,
        p256dh: subscriber.p256dh,
        auth: subscriber.auth,
      });
    };

    it('a client cannot store a loopback, private, IP-literal, http or odd-port endpoint; a push service’s is stored', async () => {
      const mallory = await person();
      for (const endpoint of REFUSED) {
        const { error } = await store(mallory, endpoint);
        expect({ endpoint, code: error?.code }).toEqual({ endpoint, code: 'SPP01' });
      }
      for (const endpoint of ACCEPTED) {
        const { error } = await store(mallory, `${endpoint}/${randomUUID()}`);
        expect({ endpoint, error }).toEqual({ endpoint, error: null });
      }
      const stored = await mallory.client.from('push_subscriptions').select('endpoint');
      expect(stored.data?.map((r: { endpoint: string }) => new URL(r.endpoint).hostname).sort()).toEqual([
        'fcm.googleapis.com',
        'push.example.com',
        'updates.push.services.mozilla.com',
      ]);
    });

    it('the database and the sender apply the same rule', async () => {
      for (const endpoint of [...REFUSED, ...ACCEPTED, 'https://push.localhost/x', 'https://a.b.0x7f/x']) {
        const { rows } = await suite
          .emulator()
          .engine.query<{ ok: boolean }>('select private.is_public_push_endpoint($1) as ok', [endpoint]);
        expect({ endpoint, ok: rows[0]?.ok }).toEqual({ endpoint, ok: isPublicPushEndpoint(endpoint) });
      }
    });

    it('the test exception is empty here and no client can reach it', async () => {
      const { rows } = await suite
        .emulator()
        .engine.query<{ n: number }>('select count(*)::int as n from private.push_endpoint_test_hosts');
      expect(rows[0]?.n).toBe(0);
      const mallory = await person();
      const write = await mallory.client
        .schema('private')
        .from('push_endpoint_test_hosts')
        .insert({ host: '127.0.0.1' });
      expect(write.error).not.toBeNull();
      expect((await store(mallory, 'https://127.0.0.1:8443/x')).error?.code).toBe('SPP01');
    });

    it('the sender does not connect to an endpoint whose name resolves to loopback', async () => {
      const alice = await person();
      const bob = await person();
      const pushOn = await alice.client.rpc('push_user_settings', {
        p_rows: [
          {
            newDocumentState: {
              id: alice.id,
              user_id: alice.id,
              theme: 'system',
              language: 'en',
              push_enabled: true,
              haptics_enabled: true,
              sound_enabled: true,
              walkthrough_done: false,
              _deleted: false,
            },
            assumedMasterState: null,
          },
        ],
      });
      expect(pushOn.error).toBeNull();
      const endpoint = `https://${REBOUND_HOST}/wpush/${randomUUID()}`;
      expect((await store(alice, endpoint)).error).toBeNull();

      expect((await bob.client.rpc('send_friend_request', { p_receiver_id: alice.id })).error).toBeNull();
      const deliveries = suite.emulator().push.deliveries;
      await eventually(
        () => Promise.resolve(deliveries.some((d) => d.endpoint === endpoint)),
        15_000,
        'the delivery attempt',
      );
      expect(deliveries.filter((d) => d.endpoint === endpoint)).toEqual([
        expect.objectContaining({ status: null, outcome: 'refused' }),
      ]);
      expect(agent.connections).toBe(0);
    });
  },
  {
    push: {
      agent,
      // The name resolves to loopback, as a rebinding DNS server would answer the sender.
      resolveHosts: { [REBOUND_HOST]: ['127.0.0.1'] },
    },
  },
);

it('the default agent refuses to connect to a name that resolves to loopback', async () => {
  const tls = selfSignedCertificate();
  const endpoint = await startPushEndpoint(tls);
  try {
    const port = new URL(endpoint.origin).port;
    const guarded = new Agent({ lookup: publicOnlyLookup, ca: tls.cert });
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
      const req = request(`https://localhost:${port}/ok/x`, { method: 'POST', agent: guarded }, (res) => {
        res.resume();
        resolve(null);
      });
      req.on('error', (e: NodeJS.ErrnoException) => resolve(e));
      req.end('x');
    });
    expect(error?.code).toBe('ENOTPUBLIC');
    expect(endpoint.received).toEqual([]);
  } finally {
    await endpoint.close();
  }
});
