import { Button } from '@mantine/core';
import { IconFlame } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/sync/user-data-context';
import { flexActivity } from '@/db/commands/flex';
import type { FeedItem } from '@/db/local-state';
import { toastError } from '@/lib/feedback/toast';

/**
 * Flex a friend's activity: pressed at once, offline too; the flex command queues the intent and the sync
 * worker delivers it. Pressed stays pressed: a flex cannot be taken back and a second one pays nothing,
 * so a tap on a flexed button does nothing (aria-disabled).
 */
export function FlexButton({ item }: { item: FeedItem }) {
  const { t } = useTranslation(['home', 'errors', 'validation']);
  const { db, userId } = useUserData();
  const [busy, setBusy] = useState(false);
  const flexed = item.flexed_by_me;

  const flex = async () => {
    if (busy || flexed) return;
    setBusy(true);
    try {
      const result = await flexActivity({ db, userId }, { activity_id: item.id });
      if (!result.ok) {
        toastError(t(result.error.message as 'errors:data.activityNotFound'), {
          title: t('feed.flexFailed'),
        });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      size="compact-xs"
      radius="xl"
      variant={flexed ? 'filled' : 'light'}
      color="pink"
      leftSection={<IconFlame size={12} aria-hidden />}
      aria-pressed={flexed}
      // Flexed keeps its pressed (filled) look: aria-disabled, not the greyed-out `disabled`.
      aria-disabled={flexed || busy}
      data-flexed={flexed || undefined}
      onClick={() => void flex()}
    >
      {flexed ? t('feed.flexed') : t('feed.flex')}
    </Button>
  );
}
