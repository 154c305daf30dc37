import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { PublicProfilePage } from './-pages/public-profile-page';
import { isProfileSlug } from './-profile-params';

const route = getRouteApi('/u/$slug');

export const Route = createLazyRoute('/u/$slug')({ component: ProfileBySlug });

function ProfileBySlug() {
  const { slug } = route.useParams();
  return <PublicProfilePage profileRef={isProfileSlug(slug) ? { slug } : null} />;
}
