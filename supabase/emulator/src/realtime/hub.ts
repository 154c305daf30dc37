/**
 * Who is on which topic, across every socket: the fan-out for broadcast and presence, and the list of
 * channels with `postgres_changes` bindings the change feed delivers to. Public and private channels
 * of the same name are different topics, as on hosted Realtime.
 */
import { randomBytes } from 'node:crypto';
import type { StoredMessage } from './authorization';
import { encodeDbBroadcast, type BroadcastMessage, type Vsn } from './protocol';

/** A database message's frame for one protocol version (encoded once per topic and version). */
export type FrameFor = (vsn: Vsn) => string | Uint8Array | null;

/** What the hub needs from a joined channel (implemented by Channel). */
export interface Member {
  readonly hubKey: string;
  readonly selfBroadcast: boolean;
  presenceEnabled: boolean;
  readonly presenceKey: string;
  hasPostgresBindings(): boolean;
  push(event: string, payload: unknown): void;
  pushBroadcast(message: BroadcastMessage): void;
  /** A message from `realtime.messages` (the member decides whether it may read it). */
  receiveStored(message: StoredMessage, frameFor: FrameFor): void;
}

interface PresenceEntry {
  member: Member;
  meta: Record<string, unknown>;
}

type PresenceMap = Record<string, { metas: Record<string, unknown>[] }>;

export function hubKeyFor(topic: string, isPrivate: boolean): string {
  return `${isPrivate ? 'private' : 'public'}|${topic}`;
}

function presenceRef(): string {
  return randomBytes(9).toString('base64url');
}

export class Hub {
  private readonly topics = new Map<string, Set<Member>>();
  private readonly presence = new Map<string, Map<string, PresenceEntry[]>>();
  readonly postgresMembers = new Set<Member>();

  add(member: Member): void {
    let set = this.topics.get(member.hubKey);
    if (!set) {
      set = new Set();
      this.topics.set(member.hubKey, set);
    }
    set.add(member);
    if (member.hasPostgresBindings()) this.postgresMembers.add(member);
  }

  remove(member: Member): void {
    this.untrack(member);
    this.postgresMembers.delete(member);
    const set = this.topics.get(member.hubKey);
    if (!set) return;
    set.delete(member);
    if (set.size === 0) this.topics.delete(member.hubKey);
  }

  count(): number {
    let n = 0;
    for (const set of this.topics.values()) n += set.size;
    return n;
  }

  broadcast(hubKey: string, message: BroadcastMessage, from?: Member): void {
    for (const member of this.topics.get(hubKey) ?? []) {
      if (member === from && !member.selfBroadcast) continue;
      member.pushBroadcast(message);
    }
  }

  /** Delivers a `realtime.messages` row to the channels of its topic (private or public as stored). */
  deliverStored(message: StoredMessage): void {
    const members = this.topics.get(hubKeyFor(`realtime:${message.topic}`, message.isPrivate));
    if (!members) return;
    const frames = new Map<Vsn, string | Uint8Array | null>();
    const meta = { id: message.id };
    const frameFor: FrameFor = (vsn) => {
      let frame = frames.get(vsn);
      if (frame === undefined) {
        frame = encodeDbBroadcast(`realtime:${message.topic}`, message, meta, vsn);
        frames.set(vsn, frame);
      }
      return frame;
    };
    for (const member of members) member.receiveStored(message, frameFor);
  }

  presenceState(hubKey: string): PresenceMap {
    const state: PresenceMap = {};
    for (const [key, entries] of this.presence.get(hubKey) ?? []) {
      if (entries.length > 0) state[key] = { metas: entries.map((e) => e.meta) };
    }
    return state;
  }

  /** Tracks (or updates) the member's presence under its key, then tells the topic. */
  track(member: Member, payload: Record<string, unknown>): void {
    let topic = this.presence.get(member.hubKey);
    if (!topic) {
      topic = new Map();
      this.presence.set(member.hubKey, topic);
    }
    const entries = topic.get(member.presenceKey) ?? [];
    const previous = entries.find((e) => e.member === member);
    const meta: Record<string, unknown> = {
      ...payload,
      phx_ref: presenceRef(),
      ...(previous ? { phx_ref_prev: previous.meta.phx_ref } : {}),
    };
    const next = entries.filter((e) => e.member !== member);
    next.push({ member, meta });
    topic.set(member.presenceKey, next);
    this.diff(member.hubKey, {
      joins: { [member.presenceKey]: { metas: [meta] } },
      leaves: previous ? { [member.presenceKey]: { metas: [previous.meta] } } : {},
    });
  }

  untrack(member: Member): void {
    const topic = this.presence.get(member.hubKey);
    const entries = topic?.get(member.presenceKey);
    if (!topic || !entries) return;
    const mine = entries.filter((e) => e.member === member);
    if (mine.length === 0) return;
    const rest = entries.filter((e) => e.member !== member);
    if (rest.length > 0) topic.set(member.presenceKey, rest);
    else topic.delete(member.presenceKey);
    if (topic.size === 0) this.presence.delete(member.hubKey);
    this.diff(member.hubKey, {
      joins: {},
      leaves: { [member.presenceKey]: { metas: mine.map((e) => e.meta) } },
    });
  }

  private diff(hubKey: string, payload: { joins: PresenceMap; leaves: PresenceMap }): void {
    for (const member of this.topics.get(hubKey) ?? []) {
      if (member.presenceEnabled) member.push('presence_diff', payload);
    }
  }
}
