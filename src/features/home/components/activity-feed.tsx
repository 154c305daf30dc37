import { Button, Card, Center, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconActivity, IconChevronDown } from '@tabler/icons-react';
import { memo, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/sync/user-data-context';
import { feedHasMore, feedWindow$ } from '@/db/local-state';
import { useNow } from '@/lib/clock';
import { FEED_ROWS_AT_ONCE, shownWindow } from '../model/feed-shown';
import { FeedItemRow } from './feed-item';
import { JoinRefusalToasts } from './join-refusal-toasts';
import { useLive } from '@/sync/use-live';

/**
 * The activity feed: the local `feed_window` the sync worker keeps fresh (offline too), and "load more",
 * which asks the worker to append the next older page to that window.
 */
export const ActivityFeed = memo(function ActivityFeed({ today }: { today: string }) {
  const { t } = useTranslation('home');
  const { userId, sync } = useUserData();
  // Deferred: a new window (the worker rewrites it on every pull) re-renders every row; as a background
  // pass that rendering yields to input instead of blocking the page (live values update synchronously).
  // While the deferred pass lags with fewer rows (a new device's empty window), the live window's first
  // rows render at once (feed-shown.ts). Only the first rows, to bound the work in that synchronous
  // render (the whole window's rows on a returning user's /home); bench web could not tell the two
  // apart (2026-11-28).
  const live = useLive((db) => feedWindow$(db), []);
  const deferred = useDeferredValue(live);
  const firstRows = useMemo(() => live && { ...live, items: live.items.slice(0, FEED_ROWS_AT_ONCE) }, [live]);
  const feed = shownWindow(live, deferred, firstRows);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<'failed' | 'offline' | null>(null);
  const now = useNow().getTime();
  const highlighted = useActivityTarget(feed?.items);

  const loadMore = async () => {
    setLoading(true);
    setError(null);
    const result = await sync.loadMoreFeed();
    setLoading(false);
    // On success the window itself says whether there is more (the worker writes `more` with the page).
    if (!result.ok) setError(globalThis.navigator?.onLine === false ? 'offline' : 'failed');
  };

  const items = feed?.items ?? [];
  const presets = useWorkoutPresets(items);
  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      component="section"
      aria-labelledby="feed-title"
      data-walkthrough="home-feed"
    >
      <JoinRefusalToasts />
      <Stack gap="xs">
        <Title order={2} fz="h4" id="feed-title">
          {t('feed.title')}
        </Title>
        {feed === undefined ? (
          <Center py="lg">
            <Loader size="sm" />
          </Center>
        ) : items.length === 0 ? (
          <Group gap="md" py="md" wrap="nowrap">
            <ThemeIcon size={44} radius="xl" variant="light" color="gray">
              <IconActivity size={24} aria-hidden />
            </ThemeIcon>
            <div>
              <Text fw={700}>{t('feed.empty')}</Text>
              <Text size="sm" c="dimmed">
                {t('feed.emptyHint')}
              </Text>
            </div>
          </Group>
        ) : (
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }} data-testid="feed-list">
            {items.map((item) => (
              <FeedItemRow
                key={item.id}
                item={item}
                me={userId}
                now={now}
                today={today}
                highlighted={item.id === highlighted}
                preset={item.workout_id ? (presets.get(item.workout_id) ?? null) : null}
              />
            ))}
          </Stack>
        )}
        {error ? (
          <Text size="sm" c={error === 'offline' ? 'dimmed' : 'red'} role="alert">
            {error === 'offline' ? t('feed.offline') : t('feed.error')}
          </Text>
        ) : null}
        {feed === undefined || items.length === 0 ? null : !feedHasMore(feed) ? (
          <Text size="sm" c="dimmed" ta="center">
            {t('feed.end')}
          </Text>
        ) : (
          <Button
            variant="light"
            color="gray"
            onClick={() => void loadMore()}
            loading={loading}
            rightSection={<IconChevronDown size={16} aria-hidden />}
          >
            {t('feed.loadMore')}
          </Button>
        )}
      </Stack>
    </Card>
  );
});

/**
 * The activity a notification opened (/home#activity-<id>): scrolled into view and marked once the feed
 * holds it (the feed may arrive after the page).
 */
function useActivityTarget(items: readonly { id: string }[] | undefined): string | null {
  const [target] = useState(() => {
    const hash = globalThis.location?.hash ?? '';
    return hash.startsWith('#activity-') ? decodeURIComponent(hash.slice('#activity-'.length)) : null;
  });
  const present = target !== null && (items ?? []).some((i) => i.id === target);
  useEffect(() => {
    if (!present || target === null) return;
    // After the shell's scroll-to-top on the route change.
    const timer = setTimeout(() => {
      document.getElementById(`activity-${target}`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }, 350);
    return () => clearTimeout(timer);
  }, [present, target]);
  return target;
}

/**
 * The presets of the feed's workouts, from the local rows (mine and my friends' are replicated): get_feed
 * gives only the type, so a "Full body" would read as "a Strength workout".
 */
function useWorkoutPresets(
  items: readonly { workout_id: string | null }[],
): ReadonlyMap<string, string | null> {
  const ids = [...new Set(items.flatMap((i) => (i.workout_id ? [i.workout_id] : [])))].sort().join(',');
  const rows = useLive(
    (db) => (ids === '' ? null : db.workouts.find({ selector: { id: { $in: ids.split(',') } } })),
    [ids],
  );
  return useDeferredValue(useMemo(() => new Map((rows ?? []).map((w) => [w.id, w.preset])), [rows]));
}
