import { lazy, Suspense } from 'react';
import { firstScreenRendered } from '@/lib/first-screen';

// The overlays (login animation, streak pop, walkthrough) load once the first signed-in screen has
// rendered (src/lib/first-screen.ts): none of them is part of that screen, and their code stays off its path.
const LazyShellOverlays = lazy(() =>
  firstScreenRendered()
    .then(() => import('./components/shell-overlays'))
    .then((module) => ({ default: module.ShellOverlays })),
);

/** The shell's overlays (components/shell-overlays.tsx), loaded after the first signed-in screen. */
export function ShellOverlays() {
  return (
    <Suspense fallback={null}>
      <LazyShellOverlays />
    </Suspense>
  );
}
