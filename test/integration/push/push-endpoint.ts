/**
 * A local stand-in for a browser's push service (FCM, Mozilla autopush): an HTTPS server with a
 * self-signed certificate for 127.0.0.1 that records every Web Push request, answers 201, or 410 for
 * endpoints under /gone/, and a subscriber key pair that decrypts what it receives (RFC 8291,
 * aes128gcm) and checks the VAPID signature (RFC 8292), as a browser and its push service would.
 */
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { jwtVerify } from 'jose';

export interface TlsMaterial {
  cert: string;
  key: string;
}

/** A throwaway certificate for https://127.0.0.1 (openssl is part of the toolchain). */
export function selfSignedCertificate(): TlsMaterial {
  const dir = mkdtempSync(join(tmpdir(), 'spotter-push-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return {
      cert: readFileSync(join(dir, 'cert.pem'), 'utf8'),
      key: readFileSync(join(dir, 'key.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** An agent that trusts only that certificate (the emulator's `push.agent`). */
export function agentTrusting(tls: TlsMaterial): Agent {
  return new Agent({ ca: tls.cert });
}

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface PushEndpoint {
  origin: string;
  received: ReceivedPush[];
  /** Resolves with the first request to `path` (waits up to `timeoutMs`). */
  next(path: string, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

export async function startPushEndpoint(tls: TlsMaterial): Promise<PushEndpoint> {
  const received: ReceivedPush[] = [];
  const waiters: { path: string; resolve: (push: ReceivedPush) => void }[] = [];
  const server: Server = createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const push: ReceivedPush = { path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      received.push(push);
      for (const waiter of waiters.splice(0)) {
        if (waiter.path === push.path) waiter.resolve(push);
        else waiters.push(waiter);
      }
      res.statusCode = push.path.startsWith('/gone/') ? 410 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    received,
    next(path, timeoutMs = 10_000) {
      const already = received.find((push) => push.path === path);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no push to ${path} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          path,
          resolve: (push) => {
            clearTimeout(timer);
            resolve(push);
          },
        });
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** What a browser keeps for one push subscription: its ECDH key pair and auth secret. */
export class Subscriber {
  private readonly ecdh: ECDH = createECDH('prime256v1');
  readonly authSecret = randomBytes(16);
  constructor() {
    this.ecdh.generateKeys();
  }
  get p256dh(): string {
    return this.ecdh.getPublicKey().toString('base64url');
  }
  get auth(): string {
    return this.authSecret.toString('base64url');
  }

  /** Decrypts an aes128gcm Web Push body (one record) into its text. */
  decrypt(body: Buffer): string {
    const salt = body.subarray(0, 16);
    const idLength = body.readUInt8(20);
    const serverKey = body.subarray(21, 21 + idLength);
    const ciphertext = body.subarray(21 + idLength);
    const shared = this.ecdh.computeSecret(serverKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.ecdh.getPublicKey(), serverKey]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, this.authSecret, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const padded = Buffer.concat([
      decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
      decipher.final(),
    ]);
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end--;
    if (padded[end] !== 2) throw new Error('not a final aes128gcm record');
    return padded.subarray(0, end).toString('utf8');
  }
}

/** Checks the VAPID header (`vapid t=<jwt>, k=<key>`) as a push service does; returns the JWT claims. */
export async function verifyVapid(
  authorization: string | undefined,
  expectedPublicKey: string,
  audience: string,
): Promise<Record<string, unknown>> {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${authorization}`);
  if (match[2] !== expectedPublicKey) throw new Error('VAPID key is not the expected one');
  const raw = Buffer.from(match[2], 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const { payload } = await jwtVerify(match[1], key, { audience });
  return payload;
}
