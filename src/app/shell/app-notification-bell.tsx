import { ActionIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { AppCountBadge } from './app-count-badge';
import { linkTo } from './app-nav-items';
import classes from './app-shell.module.css';

/** The bell: opens /notifications; its badge counts unread notifications (1..9, then 9+). */
export function AppNotificationBell({ unread }: { unread: number }) {
  const { t } = useTranslation('shell');
  const label = unread > 0 ? t('header.notificationsUnread', { count: unread }) : t('header.notifications');
  return (
    <ActionIcon
      component={Link}
      to={linkTo('/notifications')}
      variant="default"
      size="lg"
      radius="md"
      aria-label={label}
      title={label}
      pos="relative"
      style={{ overflow: 'visible' }}
    >
      <IconBell size={20} stroke={1.75} aria-hidden />
      <AppCountBadge count={unread} className={classes.bellBadge} />
    </ActionIcon>
  );
}
