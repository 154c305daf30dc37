// The code-based route tree, assembled by hand here (no generator: TanStack's file-based routing plugin is
// not used). Each route is two files in src/routes, named for what they are:
//   <name>.route.tsx  the route in code (createRoute: parent, path, params, loader), in the entry bundle;
//   <name>.lazy.tsx   its page component (createLazyRoute), a chunk loaded when the route is first visited.
// Helpers beside them carry the `-` prefix (`-pages/`, `-profile-params.ts`).
//
//   root                        Not Found for unknown paths
//   ├── _public (layout)        header + footer
//   │   ├── /  /login  /register  /reset-password
//   │   └── /impressum  /datenschutz  /terms
//   ├── /u/$slug  /p/$id        public profiles: their own frame (app shell signed in, public frame otherwise)
//   └── _app (layout)           session guard (verifying, timeout, redirect to /login), the user's data, the shell:
//       └── /home  /schedule  /gym  /profile  /notifications  /settings
import { rootRoute } from '@/routes/root.route';
import { appLayoutRoute } from '@/routes/app.route';
import { publicLayoutRoute } from '@/routes/public.route';
import { privacyRoute } from '@/routes/datenschutz.route';
import { impressumRoute } from '@/routes/impressum.route';
import { landingRoute } from '@/routes/index.route';
import { gymRoute } from '@/routes/gym.route';
import { homeRoute } from '@/routes/home.route';
import { loginRoute } from '@/routes/login.route';
import { notificationsRoute } from '@/routes/notifications.route';
import { profileByIdRoute } from '@/routes/p-id.route';
import { profileRoute } from '@/routes/profile.route';
import { registerRoute } from '@/routes/register.route';
import { resetPasswordRoute } from '@/routes/reset-password.route';
import { scheduleRoute } from '@/routes/schedule.route';
import { settingsRoute } from '@/routes/settings.route';
import { termsRoute } from '@/routes/terms.route';
import { profileBySlugRoute } from '@/routes/u-slug.route';

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
