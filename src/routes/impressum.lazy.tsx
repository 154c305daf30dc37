import { createLazyRoute } from '@tanstack/react-router';
import { ImpressumPage } from '@/features/legal/components/impressum-page';

export const Route = createLazyRoute('/_public/impressum')({ component: ImpressumPage });
