/**
 * One realtime WebSocket: decodes frames (vsn 1.0.0 objects, vsn 2.0.0 arrays and binary broadcast
 * pushes), answers heartbeats, joins channels, routes pushes to them in arrival order, and enforces
 * the per-connection event rate limit.
 *
 * Rate limit (config.rateLimits.realtimeEventsPerSecond, counted per 1-second window, heartbeats not
 * counted): a push over the limit is not processed and, if it has a ref, is answered
 * `{"status":"error","response":{"reason":"ClientRateLimitReached: Too many messages per second"}}`.
 * When the excess is sustained (over the limit in 3 consecutive windows, or 5x the limit within one
 * window) every channel gets hosted's `system` error "Too many messages per second" and `phx_close`,
 * and the socket is closed with code 1008.
 */
import type WebSocket from 'ws';
import type { Authorizer, StoredMessage } from './authorization';
import { Channel, unauthorizedRead, type ChannelHost, type ChannelPolicies } from './channel';
import { readBindings, bindingsReply } from './bindings';
import { capturedTables } from './changes';
import { hubKeyFor, type Hub } from './hub';
import {
  decodeBinary,
  decodeText,
  encodeBinaryBroadcast,
  encodeDbBroadcast,
  encodeRaw,
  encodeText,
  type BroadcastMessage,
  type PhxMessage,
  type Vsn,
} from './protocol';
import type { TableCatalog } from './tables';
import { checkToken, joinReason } from './tokens';
import type { Keys } from '../keys';

export interface ConnectionDeps {
  keys: Keys;
  hub: Hub;
  catalog: TableCatalog;
  authorizer: Authorizer;
  eventsPerSecond: number;
  /** Turns change capture on; awaited before a join with postgres_changes bindings is answered. */
  /** Captures the tables named (null: every table) before the join is answered. */
  activateCapture(tables: string[] | null): Promise<void>;
  log(line: string): void;
}

const RATE_LIMIT_REASON = 'ClientRateLimitReached: Too many messages per second';
const SUSTAINED_WINDOWS = 3;
const FLOOD_FACTOR = 5;
const MAX_TOPIC_LENGTH = 255;
/** Hosted's default max_channels_per_client. */
const MAX_CHANNELS = 100;

export class Connection implements ChannelHost {
  readonly keys: Keys;
  readonly hub: Hub;
  readonly catalog: TableCatalog;
  readonly authorizer: Authorizer;
  private readonly channels = new Map<string, Channel>();
  private queue: Promise<void> = Promise.resolve();
  private windowStart = 0;
  private windowCount = 0;
  private overWindows = 0;
  private closing = false;
  /** When the client last sent anything (heartbeats included). */
  lastFrameAt = Date.now();

  constructor(
    private readonly ws: WebSocket,
    readonly vsn: Vsn,
    private readonly apiKey: string,
    private readonly deps: ConnectionDeps,
  ) {
    this.keys = deps.keys;
    this.hub = deps.hub;
    this.catalog = deps.catalog;
    this.authorizer = deps.authorizer;
    ws.on('message', (data, isBinary) => this.onFrame(data, isBinary));
    ws.on('close', () => this.onClose());
    ws.on('error', () => this.onClose());
  }

  log(line: string): void {
    this.deps.log(line);
  }

  send(message: PhxMessage): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(encodeText(message, this.vsn));
  }

  sendFrame(frame: string | Uint8Array): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(frame);
  }

  sendRaw(topic: string, event: string, payloadJson: string): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    this.ws.send(encodeRaw(topic, event, payloadJson, this.vsn));
  }

  sendBroadcast(topic: string, message: BroadcastMessage): void {
    if (this.ws.readyState !== this.ws.OPEN) return;
    if (message.payload instanceof Uint8Array) {
      // Raw bytes only travel in a vsn 2 binary frame; vsn 1 members cannot receive them.
      if (this.vsn !== '2.0.0') return;
      const frame = encodeBinaryBroadcast(topic, message);
      if (frame) this.ws.send(frame);
      return;
    }
    const payload = { type: 'broadcast', event: message.event, payload: message.payload };
    this.send({ joinRef: null, ref: null, topic, event: 'broadcast', payload });
  }

  reply(request: PhxMessage, status: 'ok' | 'error', response: unknown): void {
    if (request.ref === null) return;
    this.send({
      joinRef: request.joinRef,
      ref: request.ref,
      topic: request.topic,
      event: 'phx_reply',
      payload: { status, response },
    });
  }

  release(channel: Channel): void {
    if (this.channels.get(channel.topic) === channel) this.channels.delete(channel.topic);
  }

  close(code: number, reason: string): void {
    if (this.closing) return;
    this.closing = true;
    for (const channel of [...this.channels.values()]) channel.dispose();
    this.ws.close(code, reason);
  }

  private onClose(): void {
    this.closing = true;
    for (const channel of [...this.channels.values()]) channel.dispose();
  }

  private onFrame(data: WebSocket.RawData, isBinary: boolean): void {
    if (this.closing) return;
    this.lastFrameAt = Date.now();
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
    const decoded = isBinary
      ? this.vsn === '2.0.0'
        ? decodeBinary(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength))
        : { ok: false as const, error: 'binary frames need vsn 2.0.0' }
      : decodeText(bytes.toString('utf8'), this.vsn);
    if (!decoded.ok) {
      this.deps.log(`realtime: dropped a frame: ${decoded.error}`);
      return;
    }
    const message = decoded.message;
    if (message.topic === 'phoenix') {
      if (message.event === 'heartbeat') this.reply(message, 'ok', {});
      return;
    }
    if (!this.admit(message)) return;
    this.queue = this.queue
      .then(() => this.dispatch(message))
      .catch((error: unknown) => {
        this.deps.log(`realtime: error handling ${message.event}: ${(error as Error).message}`);
        this.reply(message, 'error', { reason: 'UnknownErrorOnChannel: internal error' });
      });
  }

  /** Counts the event; false when the rate limit drops it. */
  private admit(message: PhxMessage): boolean {
    const limit = this.deps.eventsPerSecond;
    const now = Date.now();
    if (now - this.windowStart >= 1000) {
      const previousOver = this.windowCount > limit;
      const skipped = now - this.windowStart >= 2000;
      this.overWindows = previousOver && !skipped ? this.overWindows + 1 : 0;
      this.windowStart = now;
      this.windowCount = 0;
    }
    this.windowCount += 1;
    if (this.windowCount <= limit) return true;
    if (this.overWindows + 1 >= SUSTAINED_WINDOWS || this.windowCount >= limit * FLOOD_FACTOR) {
      for (const channel of [...this.channels.values()]) channel.shutdown('Too many messages per second');
      this.close(1008, 'Too many messages per second');
      return false;
    }
    this.reply(message, 'error', { reason: RATE_LIMIT_REASON });
    return false;
  }

  private async dispatch(message: PhxMessage): Promise<void> {
    if (this.closing) return;
    if (message.event === 'phx_join') return this.join(message);
    const channel = this.channels.get(message.topic);
    if (!channel) {
      this.reply(message, 'error', { reason: 'unmatched topic' });
      return;
    }
    await channel.handle(message);
  }

  private async join(message: PhxMessage): Promise<void> {
    const { topic } = message;
    if (!topic.startsWith('realtime:') || topic.length > MAX_TOPIC_LENGTH) {
      this.reply(message, 'error', { reason: 'unmatched topic' });
      return;
    }
    if (topic === 'realtime:') {
      this.reply(message, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
      return;
    }
    if (this.channels.size >= MAX_CHANNELS && !this.channels.has(topic)) {
      this.reply(message, 'error', { reason: 'ChannelRateLimitReached: Too many channels' });
      return;
    }
    const payload =
      message.payload && typeof message.payload === 'object' && !Array.isArray(message.payload)
        ? (message.payload as Record<string, unknown>)
        : {};
    const config = objectOr(payload.config);
    const broadcast = objectOr(config.broadcast);
    const presence = objectOr(config.presence);
    const bindings = readBindings(config.postgres_changes);
    if (!bindings.ok) {
      this.reply(message, 'error', { reason: bindings.reason });
      return;
    }
    const tokenValue =
      typeof payload.access_token === 'string'
        ? payload.access_token
        : typeof payload.user_token === 'string'
          ? payload.user_token
          : this.apiKey;
    const token = await checkToken(this.keys, tokenValue);
    if (!token.ok) {
      this.reply(message, 'error', { reason: joinReason(token) });
      return;
    }
    const isPrivate = config.private === true;
    const subTopic = topic.slice('realtime:'.length);
    const presenceEnabled = presence.enabled === true;
    let policies: ChannelPolicies | null = null;
    if (isPrivate) {
      const read = await this.authorizer.read(token, subTopic, presenceEnabled);
      if (!read.ok) {
        this.reply(message, 'error', { reason: read.reason });
        return;
      }
      if (!read.broadcast && read.presence !== true) {
        this.reply(message, 'error', { reason: `Unauthorized: ${unauthorizedRead(subTopic)}` });
        return;
      }
      policies = {
        broadcastRead: read.broadcast,
        presenceRead: read.presence,
        broadcastWrite: null,
        presenceWrite: null,
      };
    }
    const replay = await this.replay(broadcast.replay, subTopic, policies);
    if ('reason' in replay) {
      this.reply(message, 'error', { reason: replay.reason });
      return;
    }
    if (bindings.list.length > 0)
      await this.deps.activateCapture(capturedTables(bindings.list.map((b) => b.binding)));
    if (this.closing) return;
    // A second join of the same topic replaces the first (Phoenix closes the old one).
    this.channels.get(topic)?.close();
    const joinRef = message.joinRef ?? message.ref ?? '';
    const channel = new Channel(this, {
      topic,
      joinRef,
      isPrivate,
      hubKey: hubKeyFor(topic, isPrivate),
      selfBroadcast: broadcast.self === true,
      ack: broadcast.ack === true,
      presenceEnabled,
      presenceKey: typeof presence.key === 'string' ? presence.key : '',
      bindings: bindings.list,
      token,
      policies,
    });
    this.channels.set(topic, channel);
    this.reply(message, 'ok', { postgres_changes: bindingsReply(bindings.list) });
    channel.start();
    if (replay.messages.length > 0) {
      for (const stored of replay.messages) channel.replayed.add(stored.id);
      const frames = replay.messages
        .map((stored) => encodeDbBroadcast(topic, stored, { replayed: true, id: stored.id }, this.vsn))
        .filter((frame): frame is string | Uint8Array => frame !== null);
      channel.sendReplayed(frames);
    }
  }

  /**
   * A join's `config.broadcast.replay` (`{since: <unix ms>, limit?: 1..25}`), as hosted answers it:
   * private channels only, and only with broadcast read permission.
   */
  private async replay(
    value: unknown,
    subTopic: string,
    policies: ChannelPolicies | null,
  ): Promise<{ messages: StoredMessage[] } | { reason: string }> {
    if (value === undefined) return { messages: [] };
    if (!policies) return { reason: 'UnableToReplayMessages: Replay is not allowed for public channels' };
    if (!policies.broadcastRead) return { reason: `Unauthorized: ${unauthorizedRead(subTopic)}` };
    const params = objectOr(value);
    const since = params.since;
    const limit = params.limit ?? 25;
    if (!Number.isInteger(since) || !Number.isInteger(limit) || (since as number) < 0) {
      return { reason: 'UnableToReplayMessages: Replay params are not valid' };
    }
    try {
      return { messages: await this.authorizer.replay(subTopic, since as number, limit as number) };
    } catch {
      return { reason: 'UnableToReplayMessages: Realtime was unable to replay messages' };
    }
  }
}

function objectOr(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
