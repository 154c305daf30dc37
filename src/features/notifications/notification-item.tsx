import { Group, Indicator, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import {
  IconAlarm,
  IconBarbell,
  IconFlame,
  IconUserCheck,
  IconUserPlus,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { NotificationDoc, NotificationType } from '@/db/schemas/notifications';
import classes from './notifications-page.module.css';
import { UserAvatar } from '@/components/user-avatar';
import type { AvatarSource } from '@/domain/avatars';

const ICONS: Record<NotificationType, typeof IconAlarm> = {
  friend_request_received: IconUserPlus,
  friend_request_accepted: IconUserCheck,
  flex_received: IconFlame,
  workout_join_request_received: IconUsersGroup,
  workout_join_request_accepted: IconUsersGroup,
  workout_joined: IconBarbell,
  workout_reminder: IconAlarm,
};

export interface NotificationItemProps {
  notification: NotificationDoc;
  text: string;
  when: string;
  onOpen: (notification: NotificationDoc) => void;
  /** Whose avatar to show (the actor's profile, or just their name); the type's icon when there is no actor. */
  avatar?: AvatarSource | undefined;
  /** Actions on the subject right in the list (a join request's Accept/Decline). */
  actions?: ReactNode;
  /** How many notifications this row stands for (a burst, notification-groups.ts); 1 when alone. */
  burstSize?: number;
}

/** One row: icon, text, relative time; unread rows are marked (dot, bold, and for screen readers). */
export function NotificationItem({
  notification,
  text,
  when,
  onOpen,
  avatar,
  actions,
  burstSize = 1,
}: NotificationItemProps) {
  const { t } = useTranslation('notifications');
  const Icon = ICONS[notification.type];
  const unread = !notification.is_read;
  return (
    <li className={classes.item} data-unread={unread || undefined}>
      <UnstyledButton
        className={classes.itemButton}
        onClick={() => onOpen(notification)}
        data-testid="notification-item"
        data-notification-id={notification.id}
        data-burst-size={burstSize > 1 ? burstSize : undefined}
      >
        <Group wrap="nowrap" gap="md" align="flex-start">
          <Indicator disabled={!unread} size={10} offset={4} position="top-end">
            {avatar ? (
              <UserAvatar profile={avatar} size={40} />
            ) : (
              <ThemeIcon variant="light" radius="xl" size={40} {...(unread ? {} : { color: 'gray' })}>
                <Icon size={22} aria-hidden />
              </ThemeIcon>
            )}
          </Indicator>
          <div className={classes.itemBody}>
            <Text fw={unread ? 700 : 400} size="sm">
              {unread && <span className={classes.visuallyHidden}>{t('unread')}: </span>}
              {text}
            </Text>
            <Group gap={6} wrap="nowrap">
              {avatar ? <Icon size={14} aria-hidden /> : null}
              <Text size="xs" c="dimmed" component="time" dateTime={notification.created_at}>
                {when}
              </Text>
            </Group>
          </div>
        </Group>
      </UnstyledButton>
      {actions ? <div className={classes.itemActions}>{actions}</div> : null}
    </li>
  );
}
