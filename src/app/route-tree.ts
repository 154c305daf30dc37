// The code-based route tree. Route modules live in src/routes (thin: params, loaders, the lazy page chunk);
// this file only assembles them.
//
//   __root                      Not Found for unknown paths
//   ├── _public (layout)        header + footer
//   │   ├── /  /login  /register  /reset-password
//   │   └── /impressum  /datenschutz  /terms
//   ├── /u/$slug  /p/$id        public profiles: their own frame (app shell signed in, public frame otherwise)
//   └── _app (layout)           session guard (verifying, timeout, redirect to /login), the user's data, the shell:
//       └── /home  /schedule  /gym  /profile  /notifications  /settings
import { rootRoute } from '@/routes/__root';
import { appLayoutRoute } from '@/routes/_app';
import { publicLayoutRoute } from '@/routes/_public';
import { privacyRoute } from '@/routes/datenschutz';
import { impressumRoute } from '@/routes/impressum';
import { landingRoute } from '@/routes/index';
import { gymRoute } from '@/routes/gym';
import { homeRoute } from '@/routes/home';
import { loginRoute } from '@/routes/login';
import { notificationsRoute } from '@/routes/notifications';
import { profileByIdRoute } from '@/routes/p.$id';
import { profileRoute } from '@/routes/profile';
import { registerRoute } from '@/routes/register';
import { resetPasswordRoute } from '@/routes/reset-password';
import { scheduleRoute } from '@/routes/schedule';
import { settingsRoute } from '@/routes/settings';
import { termsRoute } from '@/routes/terms';
import { profileBySlugRoute } from '@/routes/u.$slug';

export const routeTree = rootRoute.addChildren([
  publicLayoutRoute.addChildren([
    landingRoute,
    loginRoute,
    registerRoute,
    resetPasswordRoute,
    impressumRoute,
    privacyRoute,
    termsRoute,
  ]),
  profileBySlugRoute,
  profileByIdRoute,
  appLayoutRoute.addChildren([
    homeRoute,
    gymRoute,
    scheduleRoute,
    profileRoute,
    notificationsRoute,
    settingsRoute,
  ]),
]);
