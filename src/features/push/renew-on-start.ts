/**
 * Wires renew-subscription.ts into the page: called once per signed-in start, after the first screen
 * (src/app/user-data/user-data-provider.tsx loads this chunk lazily). Nearly every start has nothing to
 * renew: the data client (all of supabase-js) and the subscription code load only when a renewal waits.
 */
import { QueueDb } from '@/lib/service-worker/queue-db';
import type { CommandContext } from '@/db/commands/context';
import { pushSupport } from './push-support';
import type { RenewalResult } from './renew-subscription';

export async function renewPushOnStart(ctx: CommandContext): Promise<RenewalResult> {
  if (pushSupport() !== 'supported') return 'none';
  const queueDb = new QueueDb();
  if ((await queueDb.readPushRenewal()) === null) return 'none';
  const { renewWithDataClient } = await import('./renew-with-data-client');
  return renewWithDataClient(ctx, queueDb);
}
