import { notifications } from '@mantine/notifications';
import { TOAST_DEFAULT_MS, TOAST_SUCCESS_MS } from '@/domain/constants';

// The app's one toast helper (it replaced five per-feature copies). The host that shows them, and where it
// puts them on phones, is src/app/toast-host.tsx (docs/decisions.md, "Toast placement").
//
// Success and info toasts close by themselves (3 s and 4 s, spec point 9). Error toasts stay until the user
// closes them: an error is something to read and act on, and WCAG 2.2.1 (Timing adjustable) does not let a
// message the user needs vanish on a timer. The close button's accessible name comes from the host.

export interface ToastOptions {
  /** A bold first line above the message. */
  title?: string;
  /** A stable id: showing the same id again does not stack a second toast (e.g. a refusal per request). */
  id?: string;
}

function shown(options: ToastOptions) {
  return {
    ...(options.title === undefined ? {} : { title: options.title }),
    ...(options.id === undefined ? {} : { id: options.id }),
  };
}

export function toastSuccess(message: string, options: ToastOptions = {}): void {
  notifications.show({
    ...shown(options),
    message,
    color: 'teal',
    autoClose: TOAST_SUCCESS_MS,
    withCloseButton: false,
    role: 'status',
  });
}

export function toastInfo(message: string, options: ToastOptions = {}): void {
  notifications.show({
    ...shown(options),
    message,
    autoClose: TOAST_DEFAULT_MS,
    withCloseButton: false,
    role: 'status',
  });
}

export function toastError(message: string, options: ToastOptions = {}): void {
  notifications.show({
    ...shown(options),
    message,
    color: 'red',
    autoClose: false,
    withCloseButton: true,
    role: 'alert',
  });
}
