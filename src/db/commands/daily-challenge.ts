import { challengeDateUtc } from '../../domain/challenge-date';
import { modifyLocal } from '../local-doc';
import { DAILY_CHALLENGE_ID, type DailyChallengeState } from '../local-state';
import { recordIntent } from '../pending-writes';
import { nowOf, type CommandContext } from './context';
import { DATA_ERRORS, fail, ok, type CommandResult } from './result';

/**
 * Claims today's (UTC) challenge: marked completed at once, sent as complete_daily_challenge (one per
 * user and UTC date on the server, so a replay awards nothing twice). Refused without a loaded
 * challenge for today and when already completed (spec point 4).
 */
export async function claimDailyChallenge(ctx: CommandContext): Promise<CommandResult<DailyChallengeState>> {
  const now = nowOf(ctx);
  const today = challengeDateUtc(now);
  const id = `${ctx.userId}:${today}`;
  const current = await ctx.db.getLocal<DailyChallengeState>(DAILY_CHALLENGE_ID);
  const state = current ? (current.toJSON().data as DailyChallengeState) : null;
  if (!state || state.date !== today || state.id !== id) {
    return fail('challenge_not_loaded', DATA_ERRORS.challengeNotLoaded);
  }
  if (state.completed) {
    return fail('challenge_already_completed', DATA_ERRORS.challengeAlreadyCompleted);
  }
  const written = await modifyLocal<DailyChallengeState>(
    ctx.db,
    DAILY_CHALLENGE_ID,
    () => state,
    (s) => (s.id === id ? { ...s, completed: true } : s),
  );
  await recordIntent(
    ctx.db,
    {
      key: `daily_challenge:${id}`,
      collection: 'daily_challenge',
      doc_id: id,
      request: {
        type: 'rpc',
        fn: 'complete_daily_challenge',
        args: { p_challenge_id: state.challenge_id },
      },
      patch: { completed: true },
      previous: { completed: false },
    },
    now,
  );
  return ok(written);
}
