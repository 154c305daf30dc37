/**
 * Wires renew-subscription.ts into the page: called once per signed-in start, after the first screen
 * (src/app/user-data/user-data-provider.tsx loads this chunk lazily).
 */
import { QueueDb } from '../../../service-worker/queue-db';
import type { CommandContext } from '@/db/commands/context';
import { getDataClient } from '@/lib/auth/data-client';
import { pushSupport } from './push-support';
import { serviceWorkerRegistration } from './push-subscription';
import { renewFlaggedSubscription, type RenewalResult } from './renew-subscription';

export function renewPushOnStart(ctx: CommandContext): Promise<RenewalResult> {
  if (pushSupport() !== 'supported') return Promise.resolve('none');
  return renewFlaggedSubscription({
    client: getDataClient(),
    ctx,
    registration: serviceWorkerRegistration,
    queueDb: new QueueDb(),
    pushEnabled: async () => (await ctx.db.user_settings.findOne(ctx.userId).exec())?.push_enabled ?? false,
  });
}
