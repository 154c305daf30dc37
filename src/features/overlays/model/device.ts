// What the overlays ask of the device: reduced motion and touch (the login animation's short variant and
// its hint). Read once per use; a missing matchMedia (old browsers, tests) means "no".
function matches(query: string): boolean {
  try {
    return globalThis.matchMedia?.(query).matches === true;
  } catch {
    return false;
  }
}

export const prefersReducedMotion = (): boolean => matches('(prefers-reduced-motion: reduce)');

/** A touch-first device: the primary pointer is coarse (a finger). */
export const isTouchDevice = (): boolean => matches('(pointer: coarse)');
