import { createLazyRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '@/features/auth/components/reset-password-page';

export const Route = createLazyRoute('/_public/reset-password')({ component: ResetPasswordPage });
