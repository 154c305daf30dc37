import { createLazyRoute } from '@tanstack/react-router';
import { LandingPage } from './-pages/landing-page';

export const Route = createLazyRoute('/_public/')({ component: LandingPage });
