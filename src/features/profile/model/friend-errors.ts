// Friend-request refusals (spec point 5 and the error catalogue, point 8) as translation keys of the
// `profile` namespace. The server raises stable SQLSTATEs (supabase/migrations/*_rpc_intents.sql,
// docs/database.md); anything else is the generic failure of the action.

export type FriendErrorKey =
  | 'errors.self'
  | 'errors.alreadyFriends'
  | 'errors.friendLimit'
  | 'errors.requestExists'
  | 'errors.userNotFound'
  | 'errors.sendFailed'
  | 'errors.requestGone'
  | 'errors.respondFailed'
  | 'errors.offline'
  | 'errors.tooMany';

const BY_CODE: Readonly<Record<string, FriendErrorKey>> = {
  SPF01: 'errors.self',
  SPF02: 'errors.alreadyFriends',
  SPF03: 'errors.requestExists',
  SPF04: 'errors.userNotFound',
  SPF05: 'errors.requestGone',
  SPF07: 'errors.requestGone',
  // At most 500 friends (migration 20261206200200_friend_limit.sql).
  SPF09: 'errors.friendLimit',
};

/** The message for a failed friend RPC: a known refusal, offline (no response at all), or the generic one. */
export function friendErrorKey(
  action: 'send' | 'respond',
  error: { code: string; status: number },
): FriendErrorKey {
  const known = BY_CODE[error.code];
  if (known !== undefined) return known;
  if (error.status === 0) return 'errors.offline';
  // The write rate limit (migration 20261127050000): the user can try again in a minute.
  if (error.status === 429) return 'errors.tooMany';
  return action === 'send' ? 'errors.sendFailed' : 'errors.respondFailed';
}
