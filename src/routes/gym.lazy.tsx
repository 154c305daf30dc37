import { createLazyRoute } from '@tanstack/react-router';
import { GymPage } from '@/features/gym/components/gym-page';

export const Route = createLazyRoute('/_app/gym')({ component: GymPage });
