import { createLazyRoute } from '@tanstack/react-router';
import { ImpressumPage } from './-pages/impressum-page';

export const Route = createLazyRoute('/_public/impressum')({ component: ImpressumPage });
