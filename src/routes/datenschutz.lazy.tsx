import { createLazyRoute } from '@tanstack/react-router';
import { PrivacyPage } from '@/features/legal/components/privacy-page';

export const Route = createLazyRoute('/_public/datenschutz')({ component: PrivacyPage });
