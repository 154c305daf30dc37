// Where the user last tapped, so that a toast the tap causes does not land on the control (issue 37, item 5).
// On phones toasts sit at the bottom, above the tab bar (toast-host.tsx); a control tapped in that band (the
// last request's Accept, a dialog's bottom button) would disappear under the answer to its own tap.

/** The tapped control's vertical extent in the viewport, and when it was tapped. */
export interface Tap {
  top: number;
  bottom: number;
  at: number;
}

let last: Tap | null = null;
let listening = false;

const CONTROL =
  'button, a, input, select, textarea, label, [role="button"], [role="checkbox"], [role="switch"]';

function record(event: PointerEvent): void {
  const target = event.target instanceof Element ? event.target : null;
  const control = target?.closest(CONTROL) ?? target;
  if (!control) return;
  const rect = control.getBoundingClientRect();
  last = { top: rect.top, bottom: rect.bottom, at: Date.now() };
}

/** Starts recording taps (capture phase: before a handler can remove the control). Idempotent. */
export function watchTaps(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('pointerdown', record, { capture: true, passive: true });
}

export function lastTap(): Tap | null {
  return last;
}
