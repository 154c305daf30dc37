// The server's reason for a refusal in the user's language. The server raises stable SQLSTATEs
// (docs/database.md, "Error codes"); where a screen already translates one, the panel uses that text
// (friends, errors, schedule namespaces), and only the rest have texts of their own (`sync`).

/** Translation keys, with their namespace: the panel loads these namespaces. */
export type RefusalReasonKey =
  | 'friends:errors.self'
  | 'friends:errors.alreadyFriends'
  | 'friends:errors.friendLimit'
  | 'friends:errors.requestExists'
  | 'friends:errors.userNotFound'
  | 'friends:errors.requestGone'
  | 'errors:data.invalidInput'
  | 'errors:data.workoutNotFound'
  | 'errors:data.restDayNotToday'
  | 'errors:data.checkInNotFound'
  | 'errors:data.homeGymsMax'
  | 'errors:data.activityNotFound'
  | 'errors:data.flexOwnActivity'
  | 'schedule:join.errors.ownWorkout'
  | 'schedule:join.errors.requestNotFound'
  | 'schedule:join.errors.notPending'
  | 'sync:reason.generic'
  | 'sync:reason.gymNotFound'
  | 'sync:reason.notTodaysChallenge'
  | 'sync:reason.notFriendsActivity'
  | 'sync:reason.notWorkoutOwner'
  | 'sync:reason.notRequestParty'
  | 'sync:reason.notAllowed'
  | 'sync:reason.idTaken'
  | 'sync:reason.signedOut'
  | 'sync:reason.invisibleName'
  | 'sync:reason.workoutsPerDay';

/** The namespaces the reasons come from (for useTranslation). */
export const REASON_NAMESPACES = ['sync', 'friends', 'errors', 'schedule'] as const;

const BY_CODE: Readonly<Record<string, RefusalReasonKey>> = {
  SPF01: 'friends:errors.self',
  SPF02: 'friends:errors.alreadyFriends',
  SPF03: 'friends:errors.requestExists',
  SPF04: 'friends:errors.userNotFound',
  SPF05: 'friends:errors.requestGone',
  SPF06: 'sync:reason.notRequestParty',
  SPF07: 'friends:errors.requestGone',
  SPF09: 'friends:errors.friendLimit',
  SPL01: 'errors:data.flexOwnActivity',
  SPL02: 'errors:data.activityNotFound',
  SPL03: 'sync:reason.notFriendsActivity',
  SPW01: 'errors:data.workoutNotFound',
  SPW02: 'sync:reason.notWorkoutOwner',
  SPW03: 'schedule:join.errors.ownWorkout',
  SPW04: 'schedule:join.errors.requestNotFound',
  SPW05: 'schedule:join.errors.notPending',
  SPW07: 'sync:reason.workoutsPerDay',
  SPG01: 'sync:reason.gymNotFound',
  SPG02: 'errors:data.homeGymsMax',
  SPG03: 'errors:data.checkInNotFound',
  SPR01: 'errors:data.restDayNotToday',
  SPC01: 'sync:reason.notTodaysChallenge',
  SPA01: 'sync:reason.signedOut',
  SPV01: 'errors:data.invalidInput',
  SPV02: 'errors:data.invalidInput',
  SPV03: 'sync:reason.invisibleName',
  SPX01: 'sync:reason.idTaken',
  // PostgreSQL's insufficient_privilege (a row-level security policy) and PostgREST's HTTP answers.
  '42501': 'sync:reason.notAllowed',
  http_401: 'sync:reason.signedOut',
  http_403: 'sync:reason.notAllowed',
};

export function refusalReasonKey(code: string): RefusalReasonKey {
  return BY_CODE[code] ?? 'sync:reason.generic';
}
