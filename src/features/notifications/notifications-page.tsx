import { Button, Center, Container, Group, Modal, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBellOff, IconChecks, IconTrash } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserData } from '@/sync/user-data-context';
import {
  deleteAllNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from '@/db/commands/notifications';
import { notificationsNewestFirst, profilesByName } from '@/db/queries';
import type { AvatarSource } from '@/domain/avatars';
import type { NotificationDoc } from '@/db/schemas/notifications';
import type { WorkoutDoc } from '@/db/schemas/workouts';
import { formatRelative } from '@/lib/time-format';
import { useFormatLocale } from '@/lib/use-format-locale';
import { usePageTitle } from '@/lib/use-page-title';
import { JoinAnswer } from './join-answer';
import { BurstRow } from './notification-burst';
import { groupBursts, type NotificationGroup } from './notification-groups';
import { notificationTarget } from './notification-links';
import { readRetentionCutoff, withinRetention } from './notification-retention';
import { NotificationItem } from './notification-item';
import { notificationText } from './notification-text';
import classes from './notifications-page.module.css';
import { useActor, type Actor } from './use-actor-name';
import { useNow } from '@/lib/clock';
import { useLive } from '@/sync/use-live';

const PAGE_SIZE = 100;

/** Whose avatar a row shows (UserAvatar): the actor's profile, else just their name ("Someone" when unknown). */
const avatarOf = (actor: Actor | undefined, name: string | undefined): AvatarSource =>
  actor ?? { username: name ?? '' };

interface RowProps {
  notification: NotificationDoc;
  localActor: Actor | undefined;
  workout: WorkoutDoc | undefined;
  now: Date;
  onOpen: (notification: NotificationDoc) => void;
  onAnswered: (notification: NotificationDoc) => void;
}

function Row({ notification, localActor, workout, now, onOpen, onAnswered }: RowProps) {
  const { t } = useTranslation('notifications');
  const locale = useFormatLocale();
  const actor = useActor(notification.actor_id, localActor);
  const actorName = actor?.username;
  const answerable = notification.type === 'workout_join_request_received' && notification.join_request_id;
  return (
    <NotificationItem
      notification={notification}
      text={notificationText(t, notification, { actorName, workout, now, locale })}
      when={formatRelative(notification.created_at, now, locale)}
      onOpen={onOpen}
      avatar={notification.actor_id ? avatarOf(actor, actorName) : undefined}
      actions={
        answerable ? (
          <JoinAnswer requestId={notification.join_request_id!} onAnswered={() => onAnswered(notification)} />
        ) : undefined
      }
    />
  );
}

/**
 * /notifications: the user's notifications from the local database (so it works offline), newest
 * first, unread marked; opening one marks it read and goes to its link; mark all read; delete all
 * after a confirmation. Writes go through the notification commands (optimistic, synced later).
 */
export function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const { db, userId } = useUserData();
  const navigate = useNavigate();
  const now = useNow();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<'read' | 'delete' | null>(null);
  usePageTitle(t('title'));

  const list = useLive((db) => notificationsNewestFirst(db, userId, PAGE_SIZE), [userId]);
  // Read ones past the server's retention (90 days) are hidden even while this device still has them.
  const cutoff = readRetentionCutoff(now);
  const notifications = useMemo(
    () => (list ?? []).map((d) => d.toJSON() as NotificationDoc).filter((n) => withinRetention(n, cutoff)),
    [list, cutoff],
  );
  // What arrives in a burst (several flexes of one activity...) shows as one row.
  const groups = useMemo(() => groupBursts(notifications), [notifications]);

  const actorIds = useMemo(
    () => [...new Set(notifications.flatMap((n) => (n.actor_id ? [n.actor_id] : [])))].sort(),
    [notifications],
  );
  const workoutIds = useMemo(
    () =>
      [
        ...new Set(
          notifications.flatMap((n) => [
            ...(n.workout_id ? [n.workout_id] : []),
            // My copy of a workout I was accepted into (the server names it after the request).
            ...(n.join_request_id ? [`join-${n.join_request_id}`] : []),
          ]),
        ),
      ].sort(),
    [notifications],
  );
  const actors = useLive((db) => profilesByName(db, actorIds), [actorIds]);
  const workouts = useLive((db) => db.workouts.find({ selector: { id: { $in: workoutIds } } }), [workoutIds]);
  const actorById = useMemo(
    () =>
      new Map(
        (actors ?? []).map((p) => [
          p.id,
          { username: p.username, avatar_id: p.avatar_id, profile_picture_url: p.profile_picture_url },
        ]),
      ),
    [actors],
  );
  const workoutById = useMemo(
    () => new Map((workouts ?? []).map((w) => [w.id, w.toJSON() as WorkoutDoc])),
    [workouts],
  );

  const unread = notifications.filter((n) => !n.is_read).length;
  const ctx = { db, userId };

  const open = (notification: NotificationDoc) => {
    void (async () => {
      await markNotificationRead(ctx, notification.id);
      const target = notificationTarget(notification, workoutById);
      await navigate({
        to: target.to,
        ...(target.search ? { search: target.search } : {}),
        ...(target.hash ? { hash: target.hash } : {}),
      });
    })();
  };
  // A burst opens the subject its members share and marks all of them read.
  const openGroup = (group: NotificationGroup<NotificationDoc>) => {
    void (async () => {
      for (const member of group.members) {
        if (!member.is_read) await markNotificationRead(ctx, member.id);
      }
      open(group.newest);
    })();
  };
  // Answering a join request from the list deals with it: it counts as read.
  const answered = (notification: NotificationDoc) => void markNotificationRead(ctx, notification.id);
  const markAll = async () => {
    setBusy('read');
    await markAllNotificationsRead(ctx);
    setBusy(null);
  };
  const deleteAll = async () => {
    setBusy('delete');
    await deleteAllNotifications(ctx);
    setBusy(null);
    setConfirming(false);
  };

  const row = (n: NotificationDoc) => (
    <Row
      key={n.id}
      notification={n}
      localActor={n.actor_id ? actorById.get(n.actor_id) : undefined}
      workout={n.workout_id ? workoutById.get(n.workout_id) : undefined}
      now={now}
      onOpen={open}
      onAnswered={answered}
    />
  );

  return (
    <Container size={720} py="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <div>
            <Title order={1} fz="h2">
              {t('title')}
            </Title>
            {list !== undefined && notifications.length > 0 && (
              <Text c="dimmed" size="sm" data-testid="notifications-summary">
                {unread > 0 ? t('unreadSummary', { count: unread }) : t('allRead')}
              </Text>
            )}
          </div>
          {notifications.length > 0 && (
            <Group gap="xs">
              <Button
                variant="light"
                leftSection={<IconChecks size={18} aria-hidden />}
                disabled={unread === 0}
                loading={busy === 'read'}
                onClick={() => void markAll()}
              >
                {t('markAllRead')}
              </Button>
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={18} aria-hidden />}
                onClick={() => setConfirming(true)}
              >
                {t('deleteAll')}
              </Button>
            </Group>
          )}
        </Group>

        {list !== undefined && notifications.length === 0 ? (
          <Paper withBorder radius="lg" p="xl">
            <Center>
              <Stack align="center" gap="xs" maw={380} ta="center">
                <ThemeIcon variant="light" radius="xl" size={56} color="gray">
                  <IconBellOff size={30} aria-hidden />
                </ThemeIcon>
                <Title order={2} fz="h4">
                  {t('empty.title')}
                </Title>
                <Text c="dimmed" size="sm">
                  {t('empty.body')}
                </Text>
              </Stack>
            </Center>
          </Paper>
        ) : (
          <Paper withBorder radius="lg" p={4}>
            <ul className={classes.list} aria-label={t('title')}>
              {groups.map((group) =>
                group.members.length === 1 ? (
                  row(group.newest)
                ) : (
                  <BurstRow
                    key={group.key}
                    group={group}
                    localActor={group.newest.actor_id ? actorById.get(group.newest.actor_id) : undefined}
                    now={now}
                    avatarOf={avatarOf}
                    onOpenGroup={openGroup}
                    renderMember={row}
                  />
                ),
              )}
            </ul>
          </Paper>
        )}
      </Stack>

      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('confirmDelete.title')}
        centered
        radius="lg"
      >
        <Stack gap="lg">
          <Text size="sm">{t('confirmDelete.body')}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('confirmDelete.cancel')}
            </Button>
            <Button color="red" loading={busy === 'delete'} onClick={() => void deleteAll()}>
              {t('confirmDelete.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
