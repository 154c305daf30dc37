import {
  ActionIcon,
  CopyButton,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconFlame, IconTrophy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileDoc } from '@/db/schemas';
import { UserAvatar } from '@/components/user-avatar';
import { formatHandle } from '@/domain/identity';
import { SectionCard } from '@/components/section-card';

/** Level, XP and streak as the progression shows them (local writes included). */
export interface ProfileProgress {
  xp: number;
  level: number;
  xpIntoLevel: number;
  xpForNext: number;
  percent: number;
  currentStreak: number;
  bestStreak: number;
}

type CardProfile = Pick<
  ProfileDoc,
  | 'username'
  | 'discriminator'
  | 'first_name'
  | 'last_name'
  | 'avatar_id'
  | 'profile_picture_url'
  | 'visibility'
  | 'level'
  | 'xp'
  | 'current_streak'
  | 'best_streak'
>;

function fromProfile(p: CardProfile): ProfileProgress {
  return {
    xp: p.xp,
    level: p.level,
    xpIntoLevel: 0,
    xpForNext: 0,
    percent: 0,
    currentStreak: p.current_streak,
    bestStreak: p.best_streak,
  };
}

/** The own profile: avatar, name, Spotter ID with a copy button, level, XP, streaks and visibility. */
export function OwnProfileCard({
  profile,
  progress,
}: {
  profile: CardProfile;
  progress: ProfileProgress | undefined;
}) {
  const { t } = useTranslation('profile');
  const p = progress ?? fromProfile(profile);
  const handle = formatHandle(profile.username, profile.discriminator);
  const fullName = [profile.first_name, profile.last_name].filter(Boolean).join(' ');

  return (
    <SectionCard id="own-profile" title={t('own.heading')}>
      <Group gap="md" wrap="nowrap" align="center">
        <UserAvatar profile={profile} size={72} />
        <Stack gap={4} miw={0}>
          <Text fw={800} fz="xl" truncate="end">
            {profile.username}
          </Text>
          {fullName !== '' && (
            <Text c="dimmed" size="sm" truncate="end">
              {fullName}
            </Text>
          )}
          <Group gap={4} wrap="nowrap">
            <Text size="sm">
              <Text span size="xs" c="dimmed">
                {t('own.idLabel')}:{' '}
              </Text>
              <Text span ff="monospace" fw={600}>
                {handle}
              </Text>
            </Text>
            <CopyButton value={handle} timeout={2000}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? t('own.copied') : t('own.copyId')} withArrow>
                  <ActionIcon
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    size="md"
                    onClick={copy}
                    aria-label={copied ? t('own.copied') : t('own.copyId')}
                  >
                    {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        </Stack>
      </Group>

      <Stack gap={6}>
        <Group justify="space-between">
          <Text fw={700}>
            {t('own.level')} {p.level}
          </Text>
          <Text size="sm" c="dimmed">
            {p.xp} {t('own.xp')}
          </Text>
        </Group>
        <Progress
          value={p.percent}
          size="md"
          radius="xl"
          aria-label={t('own.xpToNext', { into: p.xpIntoLevel, need: p.xpForNext, next: p.level + 1 })}
        />
        <Text size="xs" c="dimmed">
          {t('own.xpToNext', { into: p.xpIntoLevel, need: p.xpForNext, next: p.level + 1 })}
        </Text>
      </Stack>

      <SimpleGrid cols={2} spacing="sm">
        <Stat
          icon={<IconFlame size={20} aria-hidden />}
          label={t('own.streak')}
          value={t('own.days', { count: p.currentStreak })}
        />
        <Stat
          icon={<IconTrophy size={20} aria-hidden />}
          label={t('own.bestStreak')}
          value={t('own.days', { count: p.bestStreak })}
        />
      </SimpleGrid>

      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {t('own.visibility')}
        </Text>
        <Text size="sm" c="dimmed">
          {t(`own.visibilityValue.${profile.visibility}`)}
        </Text>
      </Stack>
    </SectionCard>
  );
}

function Stat({ icon, label, value }: { icon: ReactNode; label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group gap="xs" wrap="nowrap">
        <Text c="flame.8" lh={0} aria-hidden>
          {icon}
        </Text>
        <Stack gap={0} miw={0}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700}>{value}</Text>
        </Stack>
      </Group>
    </Paper>
  );
}
