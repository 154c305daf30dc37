import { createLazyRoute } from '@tanstack/react-router';
import { PrivacyPage } from './-pages/privacy-page';

export const Route = createLazyRoute('/_public/datenschutz')({ component: PrivacyPage });
