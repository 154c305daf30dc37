import { createLazyRoute, getRouteApi } from '@tanstack/react-router';
import { RegisterPage } from '@/features/auth/components/register-page';

const route = getRouteApi('/_public/register');

export const Route = createLazyRoute('/_public/register')({ component: Register });

function Register() {
  const { variant } = route.useSearch();
  return <RegisterPage variant={variant ?? 'a'} />;
}
