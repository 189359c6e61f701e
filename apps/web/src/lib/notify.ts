import { notifications } from '@mantine/notifications';

/*
 * Toasts, announced as they should be: a success is a polite status message that goes after 3
 * seconds (the spec's duration); a failure interrupts (role alert) and stays long enough to be read,
 * until closed or 10 seconds.
 */

export const SUCCESS_TOAST_MS = 3_000;
export const ERROR_TOAST_MS = 10_000;

export function notifySuccess(message: string, autoClose: number = SUCCESS_TOAST_MS): void {
  notifications.show({ color: 'green', message, role: 'status', autoClose });
}

export function notifyError(message: string): void {
  notifications.show({
    color: 'red',
    message,
    role: 'alert',
    autoClose: ERROR_TOAST_MS,
    withCloseButton: true,
  });
}
