// The state of a friend's workout's Join button and the join refusals to show, read from the local
// workout_join_requests rows and the pending-writes ledger (so both work offline and across realms).
import { useMemo, useState } from 'react';
import { map } from 'rxjs';
import { joinAnswerKey, joinRequestKey, requestJoinWorkout } from './commands/join';
import type { CommandResult } from './commands/result';
import { dismissFailedWrite, pending$ } from './pending-writes';
import { myJoinRequests } from './queries';
import type { JoinRequestDoc } from './schemas/workout-join-requests';
import type { WorkoutDoc } from './schemas/workouts';
import type { SpotterDatabase } from './types';
import { useLiveSource } from './use-live-query';

/** Join → Joining… (sent) → Joined (accepted) or Closed (declined, or the workout's day is past). */
export type JoinStatus = 'join' | 'joining' | 'joined' | 'closed';

export function joinStatusOf(request: Pick<JoinRequestDoc, 'status'> | undefined, past: boolean): JoinStatus {
  if (request?.status === 'accepted') return 'joined';
  if (request?.status === 'declined') return 'closed';
  if (request?.status === 'pending') return past ? 'closed' : 'joining';
  return past ? 'closed' : 'join';
}

/** My join requests by the workout they ask for (undefined until the first local answer). */
export function useMyJoinRequests(db: SpotterDatabase, userId: string): Map<string, JoinRequestDoc> {
  const docs = useLiveSource(() => myJoinRequests(db, userId), [db, userId]);
  return useMemo(
    () => new Map((docs ?? []).map((d) => [d.workout_id, d.toJSON() as JoinRequestDoc])),
    [docs],
  );
}

export interface JoinRefusal {
  key: string;
  /** `request`: my request to join was refused; `answer`: my accept/decline was. */
  kind: 'request' | 'answer';
  /** The server's code (`join_clash` when a workout of mine clashed after all). */
  code: string;
}

/** Join requests and answers the server refused after the fact (rolled back locally), until dismissed. */
export function useJoinRefusals(
  db: SpotterDatabase,
  kind: JoinRefusal['kind'],
): { refused: readonly JoinRefusal[]; dismiss: (key: string) => Promise<void> } {
  const refused =
    useLiveSource(() => {
      const prefix = (kind === 'request' ? joinRequestKey('') : joinAnswerKey('')).replace(/:$/, ':');
      return pending$(db).pipe(
        map((state) =>
          state.failed
            .filter((w) => w.key.startsWith(prefix))
            .map((w) => ({ key: w.key, kind, code: w.error.code })),
        ),
      );
    }, [db, kind]) ?? EMPTY;
  return useMemo(() => ({ refused, dismiss: (key: string) => dismissFailedWrite(db, key) }), [refused, db]);
}

const EMPTY: readonly JoinRefusal[] = [];

export interface JoinTarget {
  workout_id: string;
  owner_id: string;
  date: string;
  time: string | null;
}

export interface JoinAction {
  status: JoinStatus;
  busy: boolean;
  /** My workout at the same time, while the user is asked whether to replace it. */
  clash: WorkoutDoc | null;
  join: () => Promise<CommandResult<unknown> | null>;
  replace: () => Promise<CommandResult<unknown> | null>;
  cancel: () => void;
}

/**
 * The Join button's wiring, shared by the feed, a friend's profile and the gym (shown by
 * src/components/join-control.tsx): the status from my local requests, a tap sends the request (offline
 * too) or, on a clash, holds the clashing workout until the user answers.
 */
export function useJoinAction(
  db: SpotterDatabase,
  userId: string,
  target: JoinTarget,
  today: string,
): JoinAction {
  const requests = useMyJoinRequests(db, userId);
  const [busy, setBusy] = useState(false);
  const [clash, setClash] = useState<WorkoutDoc | null>(null);
  const status = joinStatusOf(requests.get(target.workout_id), target.date < today);
  const send = async (replace: string | null) => {
    if (busy) return null;
    setBusy(true);
    try {
      const result = await requestJoinWorkout({ db, userId }, { ...target, replace_workout_id: replace });
      if (result.ok && result.value.kind === 'clash') setClash(result.value.workout);
      else setClash(null);
      return result;
    } finally {
      setBusy(false);
    }
  };
  return {
    status,
    busy,
    clash,
    join: () => (status === 'join' ? send(null) : Promise.resolve(null)),
    replace: () => (clash ? send(clash.id) : Promise.resolve(null)),
    cancel: () => setClash(null),
  };
}
