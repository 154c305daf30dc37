import { createLazyRoute } from '@tanstack/react-router';
import { RegisterPage } from './-pages/register-page';

export const Route = createLazyRoute('/_public/register')({ component: RegisterPage });
