import { Badge, Group, Stack, Text } from '@mantine/core';
import {
  IconBarbell,
  IconBolt,
  IconMapPin,
  IconMoon,
  IconStar,
  IconThumbUp,
  IconTrophy,
  IconUsers,
  IconActivity,
} from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedItem as FeedRow } from '@/db/local-state';
import { formatDay, formatRelative } from '@/lib/time-format';
import { useFormatLocale } from '@/lib/use-format-locale';
import { WORKOUT_PRESETS, WORKOUT_TYPES, type WorkoutPreset, type WorkoutType } from '@/db/schemas/workouts';
import { UserAvatar } from '@/components/user-avatar';
import { FlexButton } from './flex-button';
import { FeedJoin } from './feed-join';
import classes from './home.module.css';

const KIND_ICONS = {
  workout_planned: { icon: IconBarbell, color: 'orange' },
  workout_joined: { icon: IconUsers, color: 'indigo' },
  rest_day_confirmed: { icon: IconMoon, color: 'teal' },
  check_in: { icon: IconMapPin, color: 'cyan' },
  achievement_unlocked: { icon: IconTrophy, color: 'yellow' },
  level_up: { icon: IconStar, color: 'blue' },
  new_friend: { icon: IconUsers, color: 'grape' },
  challenge_completed: { icon: IconBolt, color: 'orange' },
} as const;
type Kind = keyof typeof KIND_ICONS;
const isKind = (k: string): k is Kind => k in KIND_ICONS;
/** "for Thu, Nov 26" on a planned workout: the day without its year. */
const FOR_DATE = { weekday: 'short', day: 'numeric', month: 'short' } as const;
const isWorkoutType = (t: string | null): t is WorkoutType =>
  t !== null && (WORKOUT_TYPES as readonly string[]).includes(t);
const isWorkoutPreset = (p: string | null | undefined): p is WorkoutPreset =>
  typeof p === 'string' && (WORKOUT_PRESETS as readonly string[]).includes(p);

/**
 * One activity: who, what, when, with the flex count and (on a friend's) the flex button. Memoised: the
 * feed re-renders on every window update, rows whose item and props are unchanged are skipped.
 */
export const FeedItemRow = memo(function FeedItemRow({
  item,
  me,
  now,
  today,
  highlighted = false,
  preset = null,
}: {
  item: FeedRow;
  me: string;
  now: number;
  today: string;
  highlighted?: boolean;
  /** The workout's preset, from the local workout row (get_feed names only the type). */
  preset?: string | null;
}) {
  const { t } = useTranslation('home');
  const locale = useFormatLocale();
  const look = isKind(item.kind) ? KIND_ICONS[item.kind] : { icon: IconActivity, color: 'gray' };
  const Icon = look.icon;
  // A preset names the workout ("a Full body workout"), not its type ("a Strength workout").
  const type = isWorkoutPreset(preset)
    ? t(`workoutPresets.${preset}`)
    : isWorkoutType(item.workout_type)
      ? t(`workoutTypes.${item.workout_type}`)
      : (item.workout_title ?? '');
  let text: string;
  switch (isKind(item.kind) ? item.kind : 'other') {
    case 'workout_planned':
      text = t('feed.kinds.workout_planned', { type });
      if (item.workout_date)
        text += ` ${t('feed.forDate', { date: formatDay(item.workout_date, locale, FOR_DATE) })}`;
      break;
    case 'workout_joined':
      text = t('feed.kinds.workout_joined', { type });
      break;
    case 'check_in':
      text = t('feed.kinds.check_in', { gym: item.gym_name ?? t('feed.aGym') });
      break;
    case 'achievement_unlocked':
      text = t('feed.kinds.achievement_unlocked', { achievement: achievementTitle(t, item) });
      break;
    case 'level_up':
      text = t('feed.kinds.level_up', { level: item.level ?? '' });
      break;
    case 'new_friend':
      text = t('feed.kinds.new_friend', { friend: item.friend_username ?? t('feed.someone') });
      break;
    case 'rest_day_confirmed':
      text = t('feed.kinds.rest_day_confirmed');
      break;
    case 'challenge_completed':
      text = t('feed.kinds.challenge_completed');
      break;
    default:
      text = t('feed.kinds.other');
  }
  const who = item.user_id === me ? t('feed.you') : item.username;
  return (
    <Group
      component="li"
      gap="sm"
      wrap="nowrap"
      py="sm"
      className={classes.feedItem}
      align="flex-start"
      data-feed-kind={item.kind}
      // A notification about this activity leads here (/home#activity-<id>).
      id={`activity-${item.id}`}
      data-highlighted={highlighted || undefined}
      aria-current={highlighted || undefined}
    >
      <UserAvatar profile={item} size={40} />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm">
          <Text span fw={700}>
            {who}
          </Text>{' '}
          {text}
        </Text>
        <Group gap={8} wrap="wrap">
          <Icon size={14} color={`var(--mantine-color-${look.color}-6)`} aria-hidden />
          <Text size="xs" c="dimmed" component="time" dateTime={item.created_at}>
            {formatRelative(item.created_at, now, locale)}
          </Text>
          {item.user_id === me ? null : <FlexButton item={item} />}
          {item.user_id !== me && item.kind === 'workout_planned' && item.workout_id && item.workout_date ? (
            <FeedJoin
              target={{
                workout_id: item.workout_id,
                owner_id: item.user_id,
                date: item.workout_date,
                time: item.workout_time,
              }}
              friend={item.username}
              today={today}
            />
          ) : null}
          {item.flex_count > 0 ? (
            <Badge
              size="xs"
              variant="light"
              color="pink"
              leftSection={<IconThumbUp size={10} aria-hidden />}
              tt="none"
            >
              {t('feed.flexes', { count: item.flex_count })}
            </Badge>
          ) : null}
          {item.flexed_by_me ? (
            <Text size="xs" c="dimmed">
              {t('feed.youFlexed')}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Group>
  );
});

function achievementTitle(t: ReturnType<typeof useTranslation<'home'>>['t'], item: FeedRow): string {
  const id = item.achievement_id;
  const key = `achievements:items.${id ?? ''}.title`;
  // The catalogue's title in the user's language when known; the server's name otherwise.
  const translated = id ? (t as unknown as (k: string, o: object) => string)(key, { defaultValue: '' }) : '';
  return translated || item.achievement_name || '';
}
