import { createLazyRoute } from '@tanstack/react-router';
import { PublicProfilePage } from './-pages/public-profile-page';

export const Route = createLazyRoute('/_public/p/$id')({ component: () => <PublicProfilePage /> });
