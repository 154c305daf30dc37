import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { useEffect } from 'react';
import { RegisterPage } from '@/features/auth/components/register-page';
import { savePendingInvite } from '@/lib/pending-invite';

const route = getRouteApi('/_public/register');

export const Route = createLazyRoute('/_public/register')({ component: Register });

function Register() {
  const { variant, invite } = route.useSearch();
  // Kept in this browser through the e-mail round trip; the signed-in app sends the request once.
  useEffect(() => {
    if (invite !== undefined) savePendingInvite(invite);
  }, [invite]);
  return <RegisterPage variant={variant ?? 'a'} />;
}
