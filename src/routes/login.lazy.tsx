import { createLazyRoute } from '@tanstack/react-router';
import { LoginPage } from '@/features/auth/components/login-page';

export const Route = createLazyRoute('/_public/login')({ component: LoginPage });
