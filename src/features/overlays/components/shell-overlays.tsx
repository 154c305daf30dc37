import { Suspense } from 'react';
import { useUserData } from '@/sync/user-data-context';
import { useCelebrations } from './use-celebrations';
import { LoginAnimation } from './login-animation';
import { StreakPop } from './streak-pop';
import { Walkthrough } from './walkthrough';

function Overlays() {
  const { db, userId } = useUserData();
  const { login, pop, dismissLogin, dismissPop } = useCelebrations(db, userId);
  return (
    <>
      {login === null ? null : <LoginAnimation {...login} onDone={dismissLogin} />}
      {pop && login === null ? <StreakPop onDone={dismissPop} /> : null}
      <Walkthrough enabled={login === null} />
    </>
  );
}

/**
 * Everything the signed-in shell lays over the pages: the login animation, the '+1' streak pop and the
 * first-run walkthrough. Mount once inside the `_app` layout (below UserDataProvider). Its translations
 * load on their own, so it never holds up the page.
 */
export function ShellOverlays() {
  return (
    <Suspense fallback={null}>
      <Overlays />
    </Suspense>
  );
}
