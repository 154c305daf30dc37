import { notifications } from '@mantine/notifications';

// Spec point 9: success toasts stay 3 s, error toasts 5 s (the host's default of 4 s is for the rest).
export const SUCCESS_TOAST_MS = 3000;
export const ERROR_TOAST_MS = 5000;

export function toastSuccess(message: string): void {
  notifications.show({ message, color: 'teal', autoClose: SUCCESS_TOAST_MS });
}

export function toastError(message: string, title?: string): void {
  notifications.show({
    message,
    color: 'red',
    autoClose: ERROR_TOAST_MS,
    ...(title === undefined ? {} : { title }),
  });
}
