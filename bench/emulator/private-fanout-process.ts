/**
 * Child process of the private fan-out bench (forked by `measurePrivateFanout`): opens one WebSocket per
 * device (vsn 2.0.0, as realtime-js speaks it), joins each device's private channel `user:<id>` with its
 * own access token, and records when each profile card arrives (absolute ms, `performance.timeOrigin`
 * based, so the parent's commit times compare). Kept off the emulator's event loop, as devices are.
 * Protocol over IPC: job -> {ready, joined, failed}; 'report' -> {receipts}; then it exits.
 */
import WebSocket from 'ws';

export interface FanoutDevice {
  id: string;
  token: string;
}

export interface FanoutJob {
  url: string;
  anonKey: string;
  devices: FanoutDevice[];
}

export type FanoutReady = { type: 'ready'; joined: number; failed: string[] };
/** Per card (`<author id>:<xp>`), every device's arrival time (absolute ms). */
export type FanoutReport = { type: 'report'; receipts: Record<string, number[]> };

const now = () => performance.timeOrigin + performance.now();
const JOIN_CONCURRENCY = 50;
const HEARTBEAT_MS = 20_000;

const receipts: Record<string, number[]> = {};
const sockets: WebSocket[] = [];

function onFrame(data: WebSocket.RawData, isBinary: boolean): void {
  if (!isBinary) return;
  const at = now();
  const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
  // Kind 4 (user broadcast): kind, topic, event and meta lengths, encoding; then the parts and the payload.
  if (bytes[0] !== 4) return;
  const offset = 5 + (bytes[1] ?? 0) + (bytes[2] ?? 0) + (bytes[3] ?? 0);
  const payload = JSON.parse(bytes.subarray(offset).toString('utf8')) as {
    table?: string;
    record?: { id?: string; xp?: number };
  };
  if (payload.table !== 'profiles' || !payload.record?.id) return;
  const key = `${payload.record.id}:${payload.record.xp}`;
  (receipts[key] ??= []).push(at);
}

function join(job: FanoutJob, device: FanoutDevice): Promise<void> {
  const url = `${job.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${job.anonKey}&vsn=2.0.0`;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    sockets.push(ws);
    const timer = setTimeout(() => reject(new Error(`join of ${device.id} timed out`)), 30_000);
    ws.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    ws.once('open', () => {
      ws.send(
        JSON.stringify([
          '1',
          '1',
          `realtime:user:${device.id}`,
          'phx_join',
          {
            config: {
              broadcast: { ack: false, self: false },
              presence: { key: '', enabled: false },
              postgres_changes: [],
              private: true,
            },
            access_token: device.token,
          },
        ]),
      );
    });
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        onFrame(data, true);
        return;
      }
      const text = (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)).toString(
        'utf8',
      );
      const frame = JSON.parse(text) as unknown[];
      if (frame[1] === '1' && frame[3] === 'phx_reply') {
        clearTimeout(timer);
        const status = (frame[4] as { status?: string }).status;
        if (status === 'ok') resolve();
        else reject(new Error(`join of ${device.id}: ${JSON.stringify(frame[4])}`));
      }
    });
  });
}

process.once('message', (job: FanoutJob) => {
  void (async () => {
    const failed: string[] = [];
    for (let i = 0; i < job.devices.length; i += JOIN_CONCURRENCY) {
      const results = await Promise.allSettled(
        job.devices.slice(i, i + JOIN_CONCURRENCY).map((d) => join(job, d)),
      );
      for (const r of results) if (r.status === 'rejected') failed.push(String(r.reason));
    }
    let ref = 100;
    const heartbeat = setInterval(() => {
      for (const ws of sockets) {
        if (ws.readyState === ws.OPEN)
          ws.send(JSON.stringify([null, String(ref++), 'phoenix', 'heartbeat', {}]));
      }
    }, HEARTBEAT_MS);
    process.send?.({
      type: 'ready',
      joined: job.devices.length - failed.length,
      failed: failed.slice(0, 5),
    } satisfies FanoutReady);
    process.on('message', (message: unknown) => {
      if (message !== 'report') return;
      clearInterval(heartbeat);
      for (const ws of sockets) ws.terminate();
      process.send?.({ type: 'report', receipts } satisfies FanoutReport, () => process.exit(0));
    });
  })();
});
