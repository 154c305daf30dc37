import { notifications } from '@mantine/notifications';

// The spec's toast timings (point 9): success 3 s, error 5 s; no close button (it has no accessible name).
export function toastSuccess(message: string): void {
  notifications.show({ message, color: 'teal', autoClose: 3000, withCloseButton: false });
}

export function toastError(message: string): void {
  notifications.show({ message, color: 'red', autoClose: 5000, withCloseButton: false });
}
