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
import type { Hub, Member } from './hub';
import type { BroadcastMessage, PhxMessage } from './protocol';
import type { TableCatalog } from './tables';
import { checkToken, type TokenOk } from './tokens';
import type { Keys } from '../keys';

/** Hosted re-confirms the token at least every 5 minutes (realtime_channel.ex @confirm_token_ms_interval). */
const CONFIRM_TOKEN_MAX_MS = 5 * 60_000;

export interface ChannelHost {
  readonly keys: Keys;
  readonly hub: Hub;
  readonly catalog: TableCatalog;
  send(message: PhxMessage): void;
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
    this.host.send({ joinRef: this.joinRef, ref: null, topic: this.topic, event, payload });
  }

  /** postgres_changes travel on hosted's fastlane, without a join_ref. */
  pushChange(ids: number[], dataJson: string): void {
    if (this.closed) return;
    this.host.sendRaw(this.topic, 'postgres_changes', `{"ids":${JSON.stringify(ids)},"data":${dataJson}}`);
  }

  pushBroadcast(message: BroadcastMessage): void {
    if (!this.closed) this.host.sendBroadcast(this.topic, message);
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

  private handleBroadcast(message: PhxMessage): void {
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

  private handlePresence(message: PhxMessage): void {
    const body = message.payload as Record<string, unknown> | null;
    const event = body && typeof body === 'object' ? body.event : undefined;
    if (event === 'track') {
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
