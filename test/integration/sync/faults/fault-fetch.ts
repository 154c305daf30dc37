/**
 * A device's network with faults injected by count: the next n REST requests of this device answer 500,
 * 429 with a Retry-After, come slowly, fail as if offline, or reach the server and lose their answer
 * (what an emulator killed mid-push does to a client: applied, never acknowledged). Counting requests
 * instead of timing them keeps a seed's faults the same on a loaded machine. Realtime's websocket and
 * the auth endpoints pass untouched (the websocket is dropped separately).
 */
export type Fault = 'http500' | 'http429' | 'slow' | 'offline' | 'answerLost';

export interface FaultFetch {
  fetch: typeof fetch;
  /** The next `count` REST requests get `fault` (after those planned before). */
  inject(fault: Fault, count: number): void;
  /** Forgets planned faults (the quiet phase). */
  clear(): void;
  /** Faults applied so far, by kind (the log shows that a seed met what it planned). */
  readonly applied: Record<Fault, number>;
}

export interface FaultFetchOptions {
  /** The network behind the faults (the service worker stand-in, or fetch). */
  base: typeof fetch;
  /** Retry-After of a 429: delta-seconds or an HTTP date, chosen per fault by the seed. */
  retryAfter: () => string;
  /** Delay of a slow answer, ms (kept short: seeds must stay cheap). */
  slowMs: () => number;
}

const body = (status: number, code: string) =>
  new Response(JSON.stringify({ code, message: `injected ${status}`, details: null, hint: null }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

export function faultFetch(options: FaultFetchOptions): FaultFetch {
  const planned: Fault[] = [];
  const applied: Record<Fault, number> = { http500: 0, http429: 0, slow: 0, offline: 0, answerLost: 0 };
  return {
    applied,
    inject(fault, count) {
      for (let i = 0; i < count; i++) planned.push(fault);
    },
    clear() {
      planned.length = 0;
    },
    fetch: async (input, init) => {
      const request = new Request(input, init);
      if (!new URL(request.url).pathname.startsWith('/rest/v1/')) return options.base(request);
      const fault = planned.shift();
      if (fault === undefined) return options.base(request);
      applied[fault] += 1;
      switch (fault) {
        case 'http500':
          return body(500, 'XX000');
        case 'http429': {
          const res = body(429, '429');
          res.headers.set('retry-after', options.retryAfter());
          return res;
        }
        case 'slow': {
          await new Promise((resolve) => setTimeout(resolve, options.slowMs()));
          return options.base(request);
        }
        case 'offline':
          throw new TypeError('fetch failed');
        case 'answerLost': {
          // The server applies it; the client never hears back.
          const res = await options.base(request);
          await res.arrayBuffer().catch(() => undefined);
          throw new TypeError('fetch failed: connection reset');
        }
      }
    },
  };
}
