import {
  Alert,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconCheck,
  IconFlame,
  IconLinkOff,
  IconTrophy,
  IconUserPlus,
  IconUserQuestion,
} from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '@/components/user-avatar';
import { formatHandle } from '@/domain/identity';
import { InfoPage } from '@/components/info-page';
import { formatDate } from '@/lib/time-format';
import { useFormatLocale } from '@/lib/use-format-locale';
import { usePageTitle } from '@/lib/use-page-title';
import type { ActivityItem, PublicProfile, PublicProfileState } from '../data/public-profile';
import { FlexCount } from './flex-count';
import { SectionCard } from '@/components/section-card';

export type PublicProfileViewState = PublicProfileState | { status: 'invalid' };

/** A friend request recorded (it is delivered once, offline too), or refused at once: a message key. */
export type AddFriendResult = { ok: true } | { ok: false; message: string };

export interface PublicProfileViewProps {
  state: PublicProfileViewState;
  /** A signed-out visitor gets Sign in / Create account (carrying the invite); a member gets Add friend. */
  viewer: 'visitor' | 'member';
  onAddFriend?: (profile: PublicProfile) => Promise<AddFriendResult>;
  /**
   * Flex and Join under each activity (the member page's, with the user's data): shown to a signed-in
   * friend only, never on a stranger's view or my own profile.
   */
  activitySocial?: (item: ActivityItem, profile: PublicProfile) => ReactNode;
}

/** /u/{slug} and /p/{id}: the card of a profile as its visibility allows, or why there is none. */
export function PublicProfileView({ state, viewer, onAddFriend, activitySocial }: PublicProfileViewProps) {
  const { t } = useTranslation('people');
  switch (state.status) {
    case 'loading':
      return <Loading />;
    case 'invalid':
      return (
        <InfoPage
          icon={<IconLinkOff size={26} />}
          title={t('public.invalid')}
          paragraphs={[t('public.invalidHint')]}
          actions={<Onward viewer={viewer} />}
        />
      );
    case 'notFound':
      return (
        <InfoPage
          icon={<IconUserQuestion size={26} />}
          title={t('public.notFound')}
          paragraphs={[t('public.notFoundHint')]}
          actions={<Onward viewer={viewer} />}
        />
      );
    case 'unavailable':
      return (
        <InfoPage
          icon={<IconUserQuestion size={26} />}
          title={t('public.unavailable')}
          paragraphs={[t('public.unavailableHint')]}
          actions={<Onward viewer={viewer} />}
        />
      );
    case 'found':
      return (
        <ProfileCard
          profile={state.profile}
          activity={state.activity}
          fromDevice={state.fromDevice}
          viewer={viewer}
          onAddFriend={onAddFriend}
          activitySocial={activitySocial}
        />
      );
  }
}

function Loading() {
  const { t } = useTranslation('people');
  usePageTitle(t('public.loading'));
  return (
    <Center mih="50vh" role="status" aria-label={t('public.loading')}>
      <Loader />
    </Center>
  );
}

function Onward({ viewer }: { viewer: 'visitor' | 'member' }) {
  const { t } = useTranslation('people');
  return viewer === 'member' ? (
    <Button component={Link} to="/home">
      {t('public.home')}
    </Button>
  ) : (
    <>
      <Button component={Link} to="/login">
        {t('public.signIn')}
      </Button>
      <Button component={Link} to="/register" variant="default">
        {t('public.register')}
      </Button>
    </>
  );
}

function ProfileCard({
  profile,
  activity,
  fromDevice,
  viewer,
  onAddFriend,
  activitySocial,
}: {
  profile: PublicProfile;
  activity: ActivityItem[] | null;
  fromDevice: boolean;
  viewer: 'visitor' | 'member';
  onAddFriend: PublicProfileViewProps['onAddFriend'];
  activitySocial: PublicProfileViewProps['activitySocial'];
}) {
  // Flex and Join are for friends: the server refuses both to anyone else, and never on one's own.
  const social =
    viewer === 'member' && profile.friendship_status === 'friend' && activitySocial
      ? (item: ActivityItem) => activitySocial(item, profile)
      : null;
  const { t } = useTranslation('people');
  const handle = formatHandle(profile.username, profile.discriminator);
  usePageTitle(t('public.title', { name: profile.username }));

  return (
    <Container size={640} py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        {fromDevice && (
          <Alert color="gray" variant="light">
            {t('public.fromDevice')}
          </Alert>
        )}
        <Paper
          withBorder
          radius="lg"
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="pp-name"
        >
          <Stack gap="md">
            <Group gap="md" wrap="nowrap" align="center">
              <UserAvatar profile={profile} size={72} />
              <Stack gap={2} miw={0}>
                <Title order={1} fz="h2" id="pp-name" style={{ overflowWrap: 'anywhere' }}>
                  {profile.username}
                </Title>
                <Text c="dimmed" ff="monospace" aria-label={t('public.handleLabel', { handle })}>
                  {handle}
                </Text>
              </Stack>
            </Group>
            <SimpleGrid cols={3} spacing="sm">
              <Stat
                label={t('public.level')}
                value={String(profile.level)}
                icon={<IconTrophy size={18} aria-hidden />}
              />
              <Stat
                label={t('public.currentStreak')}
                value={t('public.days', { count: profile.current_streak })}
                icon={<IconFlame size={18} aria-hidden />}
              />
              <Stat
                label={t('public.bestStreak')}
                value={t('public.days', { count: profile.best_streak })}
                icon={<IconFlame size={18} aria-hidden />}
              />
            </SimpleGrid>
            {viewer === 'member' ? (
              <MemberActions profile={profile} onAddFriend={onAddFriend} />
            ) : (
              <VisitorActions profile={profile} />
            )}
          </Stack>
        </Paper>
        {!fromDevice && <Achievements ids={profile.achievement_ids} />}
        {activity !== null && <RecentActivity items={activity} social={social} />}
      </Stack>
    </Container>
  );
}

function Stat({ label, value, icon }: { label: string; value: string; icon: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group gap={6} wrap="nowrap" c="dimmed">
        {icon}
        <Text size="sm">{label}</Text>
      </Group>
      <Text fw={700} fz="lg">
        {value}
      </Text>
    </Paper>
  );
}

function VisitorActions({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation('people');
  return (
    <Stack gap="xs">
      <Text c="dimmed">{t('public.visitorHint', { name: profile.username })}</Text>
      <Group gap="sm">
        <Button renderRoot={(props) => <Link {...props} to="/register" search={{ invite: profile.slug }} />}>
          {t('public.register')}
        </Button>
        <Button component={Link} to="/login" variant="default">
          {t('public.signIn')}
        </Button>
      </Group>
    </Stack>
  );
}

function MemberActions({
  profile,
  onAddFriend,
}: {
  profile: PublicProfile;
  onAddFriend: PublicProfileViewProps['onAddFriend'];
}) {
  const { t } = useTranslation('people');
  const [status, setStatus] = useState(profile.friendship_status);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (status === 'self') {
    return (
      <Group gap="sm">
        <Badge variant="light">{t('public.you')}</Badge>
        <Button component={Link} to="/profile" variant="default">
          {t('public.editProfile')}
        </Button>
      </Group>
    );
  }
  if (status === 'friend') {
    return (
      <Badge variant="light" color="green" leftSection={<IconCheck size={14} aria-hidden />}>
        {t('public.friends')}
      </Badge>
    );
  }
  if (status === 'request_sent') {
    return (
      <Text role="status" c="dimmed">
        {t('public.requestSent')}
      </Text>
    );
  }
  const add = async () => {
    if (!onAddFriend) return;
    setBusy(true);
    setError(null);
    const result = await onAddFriend(profile);
    setBusy(false);
    // Answering their request makes us friends once it reaches the server; until then it is on its way.
    if (result.ok) setStatus('request_sent');
    else setError(result.message);
  };
  return (
    <Stack gap="xs">
      {status === 'request_received' && <Text c="dimmed">{t('public.requestReceived')}</Text>}
      <Group>
        <Button
          leftSection={<IconUserPlus size={18} aria-hidden />}
          loading={busy}
          onClick={() => void add()}
        >
          {status === 'request_received' ? t('public.accept') : t('public.addFriend')}
        </Button>
      </Group>
      {error !== null && (
        <Text role="alert" c="red">
          {(t as unknown as Translate)(error)}
        </Text>
      )}
    </Stack>
  );
}

function Achievements({ ids }: { ids: readonly string[] }) {
  const { t } = useTranslation(['people', 'achievements']);
  return (
    <SectionCard id="pp-ach" title={t('public.achievements')} gap="sm">
      {ids.length === 0 ? (
        <Text c="dimmed">{t('public.noAchievements')}</Text>
      ) : (
        <Group gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {ids.map((id) => (
            <Badge
              key={id}
              component="li"
              variant="light"
              size="lg"
              leftSection={<IconTrophy size={14} aria-hidden />}
            >
              {t(`achievements:items.${id}.title`, { defaultValue: id })}
            </Badge>
          ))}
        </Group>
      )}
    </SectionCard>
  );
}

function RecentActivity({
  items,
  social,
}: {
  items: readonly ActivityItem[];
  social: ((item: ActivityItem) => ReactNode) | null;
}) {
  const { t } = useTranslation(['people', 'achievements']);
  const locale = useFormatLocale();
  return (
    <SectionCard id="pp-act" title={t('public.activity')} gap="sm">
      {items.length === 0 ? (
        <Text c="dimmed">{t('public.noActivity')}</Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => (
            <Stack key={item.id} component="li" gap={4} data-activity-id={item.id}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Text style={{ overflowWrap: 'anywhere' }}>
                  {activityText(item, t as unknown as Translate)}
                </Text>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDate(item.created_at, locale)}
                </Text>
              </Group>
              {social ? (
                social(item)
              ) : item.flex_count > 0 ? (
                <Group gap={8}>
                  <FlexCount count={item.flex_count} />
                </Group>
              ) : null}
            </Stack>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

/** i18next's `t` narrowed to what the activity lines need (its full type is too deep to infer here). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

function activityText(item: ActivityItem, t: Translate): string {
  switch (item.kind) {
    case 'check_in':
      return item.gym_name ? t('activity.checkInAt', { gym: item.gym_name }) : t('activity.checkIn');
    case 'achievement_unlocked':
      return t('activity.achievement', {
        name: t(`achievements:items.${item.achievement_id ?? ''}.title`, {
          defaultValue: item.achievement_id ?? '',
        }),
      });
    case 'level_up':
      return t('activity.levelUp', { level: item.level ?? 0 });
    case 'new_friend':
      return item.friend_username
        ? t('activity.newFriend', { name: item.friend_username })
        : t('activity.newFriendSomeone');
    case 'workout_planned':
      return t('activity.workoutPlanned');
    case 'workout_joined':
      return t('activity.workoutJoined');
    case 'rest_day_confirmed':
      return t('activity.restDay');
    case 'challenge_completed':
      return t('activity.challenge');
    default:
      return t('activity.other');
  }
}
