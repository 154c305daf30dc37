/**
 * The page-wide signal "the first signed-in screen has rendered" (src/app/user-data starts it through
 * `markFirstScreenRendered`, see after-first-screen.ts). Work the first screen does not need (the sync
 * worker, the shell's overlays) waits for it, so its code is not downloaded on that screen's path.
 */
let mark: () => void = () => undefined;
const rendered = new Promise<void>((resolve) => {
  mark = resolve;
});

/** Resolves once the first signed-in screen has rendered (never on pages that have none). */
export function firstScreenRendered(): Promise<void> {
  return rendered;
}

/** Called once by the app when the first signed-in screen has rendered; later calls do nothing. */
export function markFirstScreenRendered(): void {
  mark();
}
