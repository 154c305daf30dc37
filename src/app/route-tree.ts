// The code-based route tree. Route modules live in src/routes (thin: params, loaders, the lazy page chunk);
// this file only assembles them.
//
//   __root                      Not Found for unknown paths
//   ├── _public (layout)        header + footer
//   │   ├── /  /login  /register  /reset-password
//   │   ├── /u/$slug  /p/$id
//   │   └── /impressum  /datenschutz
//   └── _app (layout, later)    session guard in beforeLoad, the signed-in shell:
//       └── /home  /schedule  /gym  /profile  /notifications  /settings
import { rootRoute } from '@/routes/__root';
import { publicLayoutRoute } from '@/routes/_public';
import { privacyRoute } from '@/routes/datenschutz';
import { impressumRoute } from '@/routes/impressum';
import { landingRoute } from '@/routes/index';
import { loginRoute } from '@/routes/login';
import { profileByIdRoute } from '@/routes/p.$id';
import { registerRoute } from '@/routes/register';
import { resetPasswordRoute } from '@/routes/reset-password';
import { profileBySlugRoute } from '@/routes/u.$slug';

export const routeTree = rootRoute.addChildren([
  publicLayoutRoute.addChildren([
    landingRoute,
    loginRoute,
    registerRoute,
    resetPasswordRoute,
    profileBySlugRoute,
    profileByIdRoute,
    impressumRoute,
    privacyRoute,
  ]),
]);
