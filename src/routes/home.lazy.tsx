import { createLazyRoute } from '@tanstack/react-router';
import { HomePlaceholder } from '@/features/auth/components/home-placeholder';

export const Route = createLazyRoute('/_app/home')({ component: HomePlaceholder });
