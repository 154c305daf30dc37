import type { RxDocument } from 'rxdb';

/** A revision's height: `3-abc…` is the row's third write in this database. */
const height = (revision: string) => Number.parseInt(revision.split('-')[0] ?? '0', 10);

/**
 * Writes a command's optimistic values over the row it decided on, and says whether another write
 * reached the row in between (a pull, in the sync worker, between the command's read and this patch).
 *
 * Such a patch lays device values (a `responded_at` from the device's clock) over a newer server state
 * that no pull brings again, and the pull overlay never saw the intent, which was not recorded yet. The
 * command then records its intent `masked`, so the row is read again once the intent settles
 * (fault-convergence seed 151: a friend request the user's other device had declined kept this device's
 * skewed time after this device's decline was applied too).
 */
export async function patchReadRow<T>(
  doc: RxDocument<T>,
  values: Partial<T>,
): Promise<{ written: RxDocument<T>; raced: boolean }> {
  const written = await doc.incrementalPatch(values);
  return { written, raced: height(written.revision) > height(doc.revision) + 1 };
}
