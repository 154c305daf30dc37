import { notifications } from '@mantine/notifications';

// Spec point 9: success toasts stay 3 s, error toasts 5 s (the host's 4 s default is for the rest). The
// auth feature keeps its own copy of these two helpers: features do not import each other.
export function toastSuccess(message: string): void {
  notifications.show({ message, color: 'teal', autoClose: 3000, withCloseButton: false });
}

export function toastError(message: string, title?: string): void {
  notifications.show({
    message,
    color: 'red',
    autoClose: 5000,
    withCloseButton: false,
    ...(title === undefined ? {} : { title }),
  });
}
