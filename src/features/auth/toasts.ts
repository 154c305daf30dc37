import { notifications } from '@mantine/notifications';

// No close button: these toasts dismiss themselves within 5 s, and Mantine's button has no accessible name.

// Spec point 9: success toasts stay 3 s, error toasts 5 s (the host's default of 4 s is for the rest).
export const SUCCESS_TOAST_MS = 3000;
export const ERROR_TOAST_MS = 5000;

export function toastSuccess(message: string): void {
  notifications.show({ message, color: 'teal', autoClose: SUCCESS_TOAST_MS, withCloseButton: false });
}

export function toastError(message: string, title?: string): void {
  notifications.show({
    message,
    color: 'red',
    autoClose: ERROR_TOAST_MS,
    withCloseButton: false,
    ...(title === undefined ? {} : { title }),
  });
}
