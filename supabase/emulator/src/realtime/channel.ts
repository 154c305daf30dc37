/**
 * One joined channel of one socket: its token (re-checked on `access_token` pushes and on a timer
 * up to `exp`, then shut down with hosted's `system` error and `phx_close`), its broadcast and
 * presence settings, and its `postgres_changes` bindings.
 */
import { randomUUID } from 'node:crypto';
import type { ApiRole } from '../db/request-context';
import type { PgBinding, PostgresSubscriber } from './changes';
import type { ClientBinding } from './bindings';
import { prepareBindings } from './bindings';
import type { Authorizer, StoredMessage } from './authorization';
import type { FrameFor, Hub, Member } from './hub';
import type { BroadcastMessage, PhxMessage, Vsn } from './protocol';
import type { TableCatalog } from './tables';
import { checkToken, type TokenOk } from './tokens';
import type { Keys } from '../keys';

/** Hosted re-confirms the token at least every 5 minutes (realtime_channel.ex @confirm_token_ms_interval). */
const CONFIRM_TOKEN_MAX_MS = 5 * 60_000;

export interface ChannelHost {
  readonly keys: Keys;
  readonly hub: Hub;
  readonly catalog: TableCatalog;
  readonly authorizer: Authorizer;
  readonly vsn: Vsn;
  send(message: PhxMessage): void;
  /** Sends an already encoded frame (database broadcasts, encoded once per topic). */
  sendFrame(frame: string | Uint8Array): void;
  /** Sends a frame whose payload is already JSON text (postgres_changes fan-out). */
  sendRaw(topic: string, event: string, payloadJson: string): void;
  sendBroadcast(topic: string, message: BroadcastMessage): void;
  reply(request: PhxMessage, status: 'ok' | 'error', response: unknown): void;
  /** The channel ended (left, expired, replaced): forget it. */
  release(channel: Channel): void;
  log(line: string): void;
}

export interface ChannelOptions {
  topic: string;
  joinRef: string;
  isPrivate: boolean;
  hubKey: string;
  selfBroadcast: boolean;
  ack: boolean;
  presenceEnabled: boolean;
  presenceKey: string;
  bindings: ClientBinding[];
  token: TokenOk;
  /** Private channels: what the join's RLS check allowed; null for public channels. */
  policies: ChannelPolicies | null;
}

/** A private channel's permissions from `realtime.messages` RLS (null: not checked yet). */
export interface ChannelPolicies {
  broadcastRead: boolean;
  presenceRead: boolean | null;
  broadcastWrite: boolean | null;
  presenceWrite: boolean | null;
}

export function unauthorizedRead(subTopic: string): string {
  return `You do not have permissions to read from this Channel topic: ${subTopic}`;
}

export class Channel implements Member, PostgresSubscriber {
  readonly topic: string;
  readonly subTopic: string;
  readonly joinRef: string;
  readonly hubKey: string;
  readonly selfBroadcast: boolean;
  readonly ack: boolean;
  presenceEnabled: boolean;
  readonly presenceKey: string;
  readonly bindings: PgBinding[];
  private readonly clientBindings: ClientBinding[];
  private token: TokenOk;
  private policies: ChannelPolicies | null;
  /** Ids of the messages a join's replay sent: their live delivery is skipped, as hosted does. */
  readonly replayed = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly host: ChannelHost,
    options: ChannelOptions,
  ) {
    this.topic = options.topic;
    this.subTopic = options.topic.replace(/^realtime:/, '');
    this.joinRef = options.joinRef;
    this.hubKey = options.hubKey;
    this.selfBroadcast = options.selfBroadcast;
    this.ack = options.ack;
    this.presenceEnabled = options.presenceEnabled;
    this.presenceKey = options.presenceKey || randomUUID();
    this.clientBindings = options.bindings;
    this.bindings = options.bindings.map((b) => b.binding);
    this.token = options.token;
    this.policies = options.policies;
  }

  get isPrivate(): boolean {
    return this.policies !== null;
  }

  get role(): ApiRole {
    return this.token.role;
  }

  get claims(): Record<string, unknown> {
    return this.token.claims;
  }

  hasPostgresBindings(): boolean {
    return this.bindings.length > 0;
  }

  /** After the join reply: presence state, the PostgreSQL subscription, the token timer. */
  start(): void {
    this.host.hub.add(this);
    if (this.presenceEnabled) this.push('presence_state', this.host.hub.presenceState(this.hubKey));
    this.scheduleTokenCheck();
    if (this.bindings.length > 0) void this.subscribePostgres();
  }

  private async subscribePostgres(): Promise<void> {
    let error: string | null;
    try {
      error = await prepareBindings(this.host.catalog, this.clientBindings);
    } catch (e) {
      error = (e as Error).message;
    }
    if (this.closed) return;
    this.push('system', {
      extension: 'postgres_changes',
      status: error ? 'error' : 'ok',
      message: error ?? 'Subscribed to PostgreSQL',
      channel: this.subTopic,
    });
  }

  push(event: string, payload: unknown): void {
    if (this.closed) return;
    // A private channel whose presence read was refused sees no one's presence.
    if ((event === 'presence_state' || event === 'presence_diff') && this.policies?.presenceRead === false)
      return;
    this.host.send({ joinRef: this.joinRef, ref: null, topic: this.topic, event, payload });
  }

  /** postgres_changes travel on hosted's fastlane, without a join_ref. */
  pushChange(ids: number[], dataJson: string): void {
    if (this.closed) return;
    this.host.sendRaw(this.topic, 'postgres_changes', `{"ids":${JSON.stringify(ids)},"data":${dataJson}}`);
  }

  pushBroadcast(message: BroadcastMessage): void {
    if (this.closed || this.policies?.broadcastRead === false) return;
    this.host.sendBroadcast(this.topic, message);
  }

  receiveStored(message: StoredMessage, frameFor: FrameFor): void {
    if (this.closed || this.policies?.broadcastRead === false || this.replayed.has(message.id)) return;
    const frame = frameFor(this.host.vsn);
    if (frame !== null) this.host.sendFrame(frame);
  }

  /** Replayed messages (a join's `broadcast.replay`), after the join reply. */
  sendReplayed(frames: (string | Uint8Array)[]): void {
    for (const frame of frames) if (!this.closed) this.host.sendFrame(frame);
  }

  async handle(message: PhxMessage): Promise<void> {
    switch (message.event) {
      case 'phx_leave':
        this.host.reply(message, 'ok', {});
        this.close();
        return;
      case 'broadcast':
        return this.handleBroadcast(message);
      case 'presence':
        return this.handlePresence(message);
      case 'access_token':
        return this.handleAccessToken(message);
      default:
        // Hosted ignores unexpected client events (it only logs them).
        return;
    }
  }

  /** A private channel's write permission for `extension`, checked once per token. */
  private async mayWrite(extension: 'broadcast' | 'presence'): Promise<boolean> {
    const policies = this.policies;
    if (!policies) return true;
    const key = extension === 'broadcast' ? 'broadcastWrite' : 'presenceWrite';
    if (policies[key] === null) {
      policies[key] = await this.host.authorizer.write(this.token, this.subTopic, extension);
    }
    return policies[key] === true;
  }

  private async handleBroadcast(message: PhxMessage): Promise<void> {
    // Hosted drops a private channel's broadcast the user may not send, without a reply (ack or not).
    if (!(await this.mayWrite('broadcast')) || this.closed) return;
    const body = message.payload as Record<string, unknown> | null;
    if (!body || typeof body !== 'object' || typeof body.event !== 'string') {
      this.host.reply(message, 'error', { reason: 'Invalid broadcast payload' });
      return;
    }
    const meta =
      body.meta && typeof body.meta === 'object' ? (body.meta as Record<string, unknown>) : undefined;
    this.host.hub.broadcast(
      this.hubKey,
      { event: body.event, payload: body.payload, ...(meta ? { meta } : {}) },
      this,
    );
    if (this.ack) this.host.reply(message, 'ok', {});
  }

  private async handlePresence(message: PhxMessage): Promise<void> {
    const body = message.payload as Record<string, unknown> | null;
    const event = body && typeof body === 'object' ? body.event : undefined;
    if (event === 'track') {
      if (!(await this.mayWrite('presence'))) {
        this.host.reply(message, 'error', {});
        return;
      }
      const meta = body?.payload;
      if (meta !== undefined && (meta === null || typeof meta !== 'object' || Array.isArray(meta))) {
        this.host.reply(message, 'error', { reason: 'Presence payload must be an object' });
        return;
      }
      if (!this.presenceEnabled) {
        this.presenceEnabled = true;
        this.push('presence_state', this.host.hub.presenceState(this.hubKey));
      }
      this.host.hub.track(this, (meta as Record<string, unknown> | undefined) ?? {});
      this.host.reply(message, 'ok', {});
    } else if (event === 'untrack') {
      this.host.hub.untrack(this);
      this.host.reply(message, 'ok', {});
    } else {
      this.host.reply(message, 'error', { reason: 'Unknown presence event' });
    }
  }

  private async handleAccessToken(message: PhxMessage): Promise<void> {
    const body = message.payload as Record<string, unknown> | null;
    const next = body && typeof body === 'object' ? body.access_token : undefined;
    if (typeof next !== 'string' || next === this.token.token) return;
    const checked = await checkToken(this.host.keys, next);
    if (this.closed) return;
    if (!checked.ok) {
      this.shutdown(checked.message);
      return;
    }
    if (this.policies) {
      // Hosted re-evaluates a private channel's policies with the new token: a channel it no longer
      // may read is shut down.
      const previous = this.policies;
      const read = await this.host.authorizer.read(checked, this.subTopic, previous.presenceRead !== null);
      if (this.closed) return;
      if (!read.ok) {
        this.shutdown(read.reason.replace(/^[A-Za-z]+: /, ''));
        return;
      }
      if (!read.broadcast && read.presence !== true) {
        this.shutdown(unauthorizedRead(this.subTopic));
        return;
      }
      if ((previous.broadcastRead && !read.broadcast) || (previous.presenceRead === true && !read.presence)) {
        this.shutdown(`You no longer have permission to read from this Channel topic: ${this.subTopic}`);
        return;
      }
      this.policies = {
        broadcastRead: read.broadcast,
        presenceRead: read.presence,
        broadcastWrite: null,
        presenceWrite: null,
      };
    }
    this.token = checked;
    this.scheduleTokenCheck();
    if (this.bindings.length > 0) {
      this.push('system', {
        extension: 'postgres_changes',
        status: 'ok',
        message: 'Subscribed to PostgreSQL',
        channel: this.subTopic,
      });
    }
  }

  private scheduleTokenCheck(): void {
    if (this.timer) clearTimeout(this.timer);
    const untilExpiry = this.token.exp * 1000 - Date.now();
    const delay = Math.max(0, Math.min(CONFIRM_TOKEN_MAX_MS, untilExpiry));
    this.timer = setTimeout(() => void this.confirmToken(), delay);
    this.timer.unref();
  }

  private async confirmToken(): Promise<void> {
    if (this.closed) return;
    const checked = await checkToken(this.host.keys, this.token.token);
    if (this.closed) return;
    if (checked.ok) {
      this.token = checked;
      this.scheduleTokenCheck();
    } else {
      this.shutdown(checked.message);
    }
  }

  /** Hosted's shutdown_response: a `system` error, then the channel stops (`phx_close`). */
  shutdown(reason: string): void {
    if (this.closed) return;
    this.push('system', { extension: 'system', status: 'error', message: reason, channel: this.subTopic });
    this.close();
  }

  /** Ends the channel and tells the client (`phx_close` carries the join ref as its ref). */
  close(): void {
    if (this.closed) return;
    this.host.send({
      joinRef: this.joinRef,
      ref: this.joinRef,
      topic: this.topic,
      event: 'phx_close',
      payload: {},
    });
    this.dispose();
  }

  /** Ends the channel silently (the socket went away). */
  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.host.hub.remove(this);
    this.host.release(this);
  }
}
