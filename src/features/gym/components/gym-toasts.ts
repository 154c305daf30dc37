import { notifications } from '@mantine/notifications';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS } from '@/domain/constants';

// Spec point 9: success toasts 3 s, error toasts 5 s, at the top centre (the host's position).
export function toastSuccess(message: string): void {
  notifications.show({ message, color: 'teal', autoClose: TOAST_SUCCESS_MS, withCloseButton: false });
}

export function toastError(title: string, message: string): void {
  notifications.show({ title, message, color: 'red', autoClose: TOAST_ERROR_MS, withCloseButton: false });
}
