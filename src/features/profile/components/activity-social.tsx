import { Button, Group, Text } from '@mantine/core';
import { IconFlame } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/sync/user-data-context';
import { JoinControl } from '@/components/join-control';
import { flexListedActivity } from '@/db/commands/flex';
import { flexKey } from '@/db/feed-flexes';
import { useJoinAction, type JoinTarget } from '@/db/join-status';
import { pending$ } from '@/db/pending-writes';
import { toastError } from '@/lib/feedback/toast';
import { resolveTimeZone, todayIn } from '@/domain/dates';
import type { ActivityItem } from '../data/public-profile';
import { FlexCount } from './flex-count';
import { useLive, useOwnProfile } from '@/sync/use-live';

/**
 * Flex and Join under one activity on a friend's profile: the feed's two actions with the feed's
 * commands (one flex intent per activity, the join request), so both show at once and work offline.
 * Rendered by the public profile view for a signed-in friend only.
 */
export function ActivitySocial({ item, owner }: { item: ActivityItem; owner: { id: string; name: string } }) {
  const { userId } = useUserData();
  const profile = useOwnProfile();
  // Never on my own activity (the view shows this to friends only; the command refuses it too).
  if (owner.id === userId) return null;
  const today = todayIn(resolveTimeZone(profile?.timezone), new Date());
  const joinable = item.kind === 'workout_planned' && item.workout_id !== null && item.workout_date !== null;
  return (
    <Group gap={8} wrap="wrap">
      <ActivityFlex item={item} ownerId={owner.id} />
      {joinable ? (
        <ActivityJoin
          target={{
            workout_id: item.workout_id!,
            owner_id: owner.id,
            date: item.workout_date!,
            time: item.workout_time,
          }}
          friend={owner.name}
          today={today}
        />
      ) : null}
    </Group>
  );
}

/**
 * Flexed = the server said so when the list was read, or my flex is on its way (the ledger), or I tapped
 * it here and it was not refused since: the list is read once, so after delivery only the tap remembers.
 */
function useShownFlex(item: ActivityItem) {
  const pending = useLive((db) => pending$(db), []);
  const [tapped, setTapped] = useState(false);
  const key = flexKey(item.id);
  const onItsWay = pending?.entries[key] !== undefined;
  const refused = !onItsWay && (pending?.failed.some((f) => f.key === key) ?? false);
  const flexed = item.flexed_by_me || onItsWay || (tapped && !refused);
  const count = item.flex_count + (flexed && !item.flexed_by_me ? 1 : 0);
  return { flexed, count, tap: () => setTapped(true) };
}

function ActivityFlex({ item, ownerId }: { item: ActivityItem; ownerId: string }) {
  const { t } = useTranslation(['people', 'errors']);
  const { db, userId } = useUserData();
  const [busy, setBusy] = useState(false);
  const shown = useShownFlex(item);

  const flex = async () => {
    if (busy || shown.flexed) return;
    setBusy(true);
    try {
      const result = await flexListedActivity(
        { db, userId },
        { activity_id: item.id, owner_id: ownerId, flexed_by_me: item.flexed_by_me },
      );
      if (result.ok) shown.tap();
      else {
        toastError(t(result.error.message as 'errors:data.activityNotFound'), {
          title: t('social.flexFailed'),
        });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        size="compact-xs"
        radius="xl"
        variant={shown.flexed ? 'filled' : 'light'}
        color="pink"
        leftSection={<IconFlame size={12} aria-hidden />}
        aria-pressed={shown.flexed}
        // Flexed keeps its pressed look: a flex is not taken back and a second one pays nothing.
        aria-disabled={shown.flexed || busy}
        data-flexed={shown.flexed || undefined}
        onClick={() => void flex()}
      >
        {shown.flexed ? t('social.flexed') : t('social.flex')}
      </Button>
      {shown.count > 0 ? <FlexCount count={shown.count} /> : null}
      {shown.flexed ? (
        <Text size="xs" c="dimmed">
          {t('social.youFlexed')}
        </Text>
      ) : null}
    </>
  );
}

function ActivityJoin({ target, friend, today }: { target: JoinTarget; friend: string; today: string }) {
  const { db, userId } = useUserData();
  return <JoinControl action={useJoinAction(db, userId, target, today)} friend={friend} />;
}
