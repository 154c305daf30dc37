import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { PublicProfilePage } from './-pages/public-profile-page';

const route = getRouteApi('/_public/u/$slug');

export const Route = createLazyRoute('/_public/u/$slug')({ component: ProfileBySlug });

function ProfileBySlug() {
  const { slug } = route.useParams();
  return <PublicProfilePage name={slug} />;
}
