import { createLazyRoute } from '@tanstack/react-router';
import { NotificationsPage } from '@/features/notifications/notifications-page';

export const Route = createLazyRoute('/_app/notifications')({ component: NotificationsPage });
