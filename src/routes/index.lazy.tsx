import { createLazyRoute } from '@tanstack/react-router';
import { LandingPage } from '@/features/landing/components/landing-page';

export const Route = createLazyRoute('/_public/')({ component: LandingPage });
