import { createLazyRoute } from '@tanstack/react-router';
import { TermsPage } from '@/features/legal/components/terms-page';

export const Route = createLazyRoute('/_public/terms')({ component: TermsPage });
