import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { PublicProfilePage } from './-pages/public-profile-page';
import { isProfileId } from './-profile-params';

const route = getRouteApi('/p/$id');

export const Route = createLazyRoute('/p/$id')({ component: ProfileById });

function ProfileById() {
  const { id } = route.useParams();
  return <PublicProfilePage profileRef={isProfileId(id) ? { id } : null} />;
}
