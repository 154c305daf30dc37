import { createLazyRoute } from '@tanstack/react-router';
import { LoginPage } from './-pages/login-page';

export const Route = createLazyRoute('/_public/login')({ component: LoginPage });
