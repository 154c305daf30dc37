/**
 * The renewal itself (renew-subscription.ts) with the page's data client, for renew-on-start.ts once it
 * has found a renewal waiting.
 */
import type { QueueDb } from '@/lib/service-worker/queue-db';
import type { CommandContext } from '@/db/commands/context';
import { getDataClient } from '@/lib/auth/data-client';
import { serviceWorkerRegistration } from './push-subscription';
import { renewFlaggedSubscription, type RenewalResult } from './renew-subscription';

export function renewWithDataClient(ctx: CommandContext, queueDb: QueueDb): Promise<RenewalResult> {
  return renewFlaggedSubscription({
    client: getDataClient(),
    ctx,
    registration: serviceWorkerRegistration,
    queueDb,
    pushEnabled: async () => (await ctx.db.user_settings.findOne(ctx.userId).exec())?.push_enabled ?? false,
  });
}
