/**
 * The Phoenix channel wire format as realtime-js 2.x speaks it (realtime-js: src/lib/serializer.ts):
 * - vsn 1.0.0: JSON objects `{join_ref, ref, topic, event, payload}`;
 * - vsn 2.0.0: JSON arrays `[join_ref, ref, topic, event, payload]`, plus binary frames for user
 *   broadcasts. Clients push kind 3 (userBroadcastPush); the server may answer kind 4 (userBroadcast).
 *
 * Binary kind 3 layout: u8 kind=3, u8 len(join_ref), u8 len(ref), u8 len(topic), u8 len(event),
 * u8 len(meta), u8 encoding (0 = raw bytes, 1 = JSON), then join_ref, ref, topic, event, meta, payload.
 * Kind 4 layout: u8 kind=4, u8 len(topic), u8 len(event), u8 len(meta), u8 encoding, then topic,
 * event, meta, payload.
 */

export type Vsn = '1.0.0' | '2.0.0';

export interface PhxMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A user broadcast as it travels between members of a topic. */
export interface BroadcastMessage {
  event: string;
  /** JSON value, or raw bytes from a binary (encoding 0) push. */
  payload: unknown;
  meta?: Record<string, unknown>;
}

export type Decoded = { ok: true; message: PhxMessage } | { ok: false; error: string };

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const ENCODING_BINARY = 0;
const ENCODING_JSON = 1;

const text = new TextDecoder('utf-8', { fatal: false });
const encoder = new TextEncoder();

function asRef(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function fromParts(
  joinRef: unknown,
  ref: unknown,
  topic: unknown,
  event: unknown,
  payload: unknown,
): Decoded {
  if (typeof topic !== 'string' || typeof event !== 'string') {
    return { ok: false, error: 'topic and event must be strings' };
  }
  return { ok: true, message: { joinRef: asRef(joinRef), ref: asRef(ref), topic, event, payload } };
}

export function decodeText(raw: string, vsn: Vsn): Decoded {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ok: false, error: 'invalid JSON' };
  }
  if (Array.isArray(parsed)) {
    if (parsed.length !== 5) return { ok: false, error: 'a frame array has 5 elements' };
    return fromParts(parsed[0], parsed[1], parsed[2], parsed[3], parsed[4]);
  }
  if (vsn === '1.0.0' && parsed !== null && typeof parsed === 'object') {
    const o = parsed as Record<string, unknown>;
    return fromParts(o.join_ref, o.ref, o.topic, o.event, o.payload);
  }
  return { ok: false, error: `unexpected frame for vsn ${vsn}` };
}

/** Decodes a binary user broadcast push (kind 3) into the JSON message the client would have sent. */
export function decodeBinary(bytes: Uint8Array): Decoded {
  if (bytes.length < 7) return { ok: false, error: 'binary frame too short' };
  const kind = bytes[0];
  if (kind !== KIND_USER_BROADCAST_PUSH) return { ok: false, error: `unsupported binary kind ${kind}` };
  const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = [
    bytes[1] ?? 0,
    bytes[2] ?? 0,
    bytes[3] ?? 0,
    bytes[4] ?? 0,
    bytes[5] ?? 0,
    bytes[6] ?? 0,
  ];
  let offset = 7;
  const take = (length: number): Uint8Array | null => {
    if (offset + length > bytes.length) return null;
    const slice = bytes.subarray(offset, offset + length);
    offset += length;
    return slice;
  };
  const joinRef = take(joinRefLen);
  const ref = take(refLen);
  const topic = take(topicLen);
  const event = take(eventLen);
  const meta = take(metaLen);
  if (!joinRef || !ref || !topic || !event || !meta) {
    return { ok: false, error: 'binary frame lengths exceed the frame' };
  }
  const body = bytes.subarray(offset);
  let payload: unknown;
  if (encoding === ENCODING_JSON) {
    try {
      payload = JSON.parse(text.decode(body));
    } catch {
      return { ok: false, error: 'binary frame payload is not JSON' };
    }
  } else if (encoding === ENCODING_BINARY) {
    payload = new Uint8Array(body);
  } else {
    return { ok: false, error: `unknown payload encoding ${encoding}` };
  }
  let metaValue: Record<string, unknown> | undefined;
  if (meta.length > 0) {
    try {
      const parsed: unknown = JSON.parse(text.decode(meta));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        metaValue = parsed as Record<string, unknown>;
      }
    } catch {
      return { ok: false, error: 'binary frame metadata is not JSON' };
    }
  }
  const broadcast: Record<string, unknown> = {
    type: 'broadcast',
    event: text.decode(event),
    payload,
    ...(metaValue ? { meta: metaValue } : {}),
  };
  return {
    ok: true,
    message: {
      joinRef: joinRefLen > 0 ? text.decode(joinRef) : null,
      ref: refLen > 0 ? text.decode(ref) : null,
      topic: text.decode(topic),
      event: 'broadcast',
      payload: broadcast,
    },
  };
}

export function encodeText(message: PhxMessage, vsn: Vsn): string {
  const { joinRef, ref, topic, event, payload } = message;
  if (vsn === '1.0.0') return JSON.stringify({ join_ref: joinRef, ref, topic, event, payload });
  return JSON.stringify([joinRef, ref, topic, event, payload]);
}

/** A server push (no refs) whose payload is already JSON text. */
export function encodeRaw(topic: string, event: string, payloadJson: string, vsn: Vsn): string {
  if (vsn === '1.0.0') {
    return `{"join_ref":null,"ref":null,"topic":${JSON.stringify(topic)},"event":${JSON.stringify(event)},"payload":${payloadJson}}`;
  }
  return `[null,null,${JSON.stringify(topic)},${JSON.stringify(event)},${payloadJson}]`;
}

/** A kind 4 frame: how a raw-bytes broadcast reaches vsn 2 members (JSON cannot carry it). */
export function encodeBinaryBroadcast(topic: string, broadcast: BroadcastMessage): Uint8Array | null {
  const topicBytes = encoder.encode(topic);
  const eventBytes = encoder.encode(broadcast.event);
  const metaBytes = broadcast.meta ? encoder.encode(JSON.stringify(broadcast.meta)) : new Uint8Array(0);
  if (topicBytes.length > 255 || eventBytes.length > 255 || metaBytes.length > 255) return null;
  const isBinary = broadcast.payload instanceof Uint8Array;
  const body = isBinary
    ? (broadcast.payload as Uint8Array)
    : encoder.encode(JSON.stringify(broadcast.payload ?? null));
  const header = [
    KIND_USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    metaBytes.length,
    isBinary ? ENCODING_BINARY : ENCODING_JSON,
  ];
  const out = new Uint8Array(
    header.length + topicBytes.length + eventBytes.length + metaBytes.length + body.length,
  );
  let offset = 0;
  for (const part of [Uint8Array.from(header), topicBytes, eventBytes, metaBytes, body]) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * A message from `realtime.messages` (Broadcast from the database) as hosted sends it (supabase/realtime:
 * UserBroadcast with metadata `{"id": <message id>}`): to vsn 2 sockets a kind 4 frame whose body is the
 * stored payload's text (JSON encoding; raw bytes for `binary_payload`), to vsn 1 sockets a `broadcast`
 * event `{event, payload, type: "broadcast", meta}`; `null` when vsn 1 cannot carry it (raw bytes) or a
 * name is over 255 bytes. `meta` may add `replayed: true`.
 */
export function encodeDbBroadcast(
  topic: string,
  message: { event: string; payloadJson: string | null; bytes: Uint8Array | null },
  meta: Record<string, unknown>,
  vsn: Vsn,
): string | Uint8Array | null {
  const metaJson = JSON.stringify(meta);
  if (vsn === '1.0.0') {
    if (message.payloadJson === null) return null;
    const payload = `{"event":${JSON.stringify(message.event)},"payload":${message.payloadJson},"type":"broadcast","meta":${metaJson}}`;
    return encodeRaw(topic, 'broadcast', payload, vsn);
  }
  const topicBytes = encoder.encode(topic);
  const eventBytes = encoder.encode(message.event);
  const metaBytes = encoder.encode(metaJson);
  if (topicBytes.length > 255 || eventBytes.length > 255 || metaBytes.length > 255) return null;
  const body = message.bytes ?? encoder.encode(message.payloadJson ?? 'null');
  const header = [
    KIND_USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    metaBytes.length,
    message.bytes ? ENCODING_BINARY : ENCODING_JSON,
  ];
  const out = new Uint8Array(
    header.length + topicBytes.length + eventBytes.length + metaBytes.length + body.length,
  );
  let offset = 0;
  for (const part of [Uint8Array.from(header), topicBytes, eventBytes, metaBytes, body]) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
