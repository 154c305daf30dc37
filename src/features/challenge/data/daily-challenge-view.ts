// What the challenge card shows, live: today's challenge (the local document the sync worker keeps,
// when it is today's; else the plank default), whether it is completed (the document, or the server's
// XP ledger, which a completion from another device also reaches), and whether a claim still waits for
// the server (its intent in the pending-writes ledger, which the worker's intent sender settles).
import { combineLatest, map, type Observable } from 'rxjs';
import { dailyChallenge$ } from '@/db/local-state';
import { pending$, pendingEntries } from '@/db/pending-writes';
import type { SpotterDatabase } from '@/db/types';
import { DEFAULT_CHALLENGE } from '@/domain/challenge-date';

/** The completion's id on the server and in the local document: "<user>:<UTC date>". */
export const completionId = (userId: string, date: string) => `${userId}:${date}`;

export interface DailyChallengeView {
  today: string;
  challengeId: string;
  name: string;
  description: string | null;
  points: number;
  /** Today's challenge is in the local document (a claim needs it). */
  loaded: boolean;
  completed: boolean;
  /** The server's ledger holds today's completion. */
  completedOnServer: boolean;
  /** A claim waits for the server (offline, or queued by the service worker). */
  pendingClaim: boolean;
  /** The service worker holds the claim's request until the network is back. */
  queued: boolean;
}

export function dailyChallengeView$(
  db: SpotterDatabase,
  userId: string,
  today: string,
): Observable<DailyChallengeView> {
  const id = completionId(userId, today);
  return combineLatest([
    dailyChallenge$(db),
    db.xp_events.findOne({ selector: { user_id: userId, source: 'daily_challenge', source_id: id } }).$,
    pending$(db),
  ]).pipe(
    map(([doc, award, pending]) => {
      const loaded = doc !== null && doc.id === id;
      const claim = pendingEntries(pending).find(
        (e) => e.collection === 'daily_challenge' && e.kind === 'intent' && e.doc_id === id,
      );
      const source = loaded ? doc : { ...DEFAULT_CHALLENGE, completed: false };
      const completedOnServer = award !== null;
      return {
        today,
        challengeId: source.challenge_id,
        name: source.name,
        description: source.description ?? null,
        points: source.points,
        loaded,
        completed: completedOnServer || (loaded && doc.completed),
        completedOnServer,
        pendingClaim: claim !== undefined && !completedOnServer,
        queued: claim !== undefined && claim.queue_id !== null && !completedOnServer,
      };
    }),
  );
}
