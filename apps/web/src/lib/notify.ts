import { notifications } from '@mantine/notifications';

/*
 * Toasts, announced as they should be (WCAG 4.1.3): a success is a polite status message that goes
 * after 3 seconds (the spec's duration); a failure interrupts (role alert) and stays long enough to be
 * read, until closed or 10 seconds; a partial success (some items skipped) is a status message that
 * stays as long as a failure. Every toast of the console goes through here (checked by a test).
 */

export const SUCCESS_TOAST_MS = 3_000;
export const ERROR_TOAST_MS = 10_000;

export function notifySuccess(message: string, autoClose: number = SUCCESS_TOAST_MS): void {
  notifications.show({ color: 'green', message, role: 'status', autoClose });
}

/** A failure; `title` above the message when the spec gives one ('Erreur'). */
export function notifyError(message: string, title?: string): void {
  notifications.show({
    color: 'red',
    ...(title ? { title } : {}),
    message,
    role: 'alert',
    autoClose: ERROR_TOAST_MS,
    withCloseButton: true,
  });
}

/** Done, with a reservation to read (the items a bulk action skipped). */
export function notifyWarning(message: string): void {
  notifications.show({
    color: 'yellow',
    message,
    role: 'status',
    autoClose: ERROR_TOAST_MS,
    withCloseButton: true,
  });
}

type Announcer = (message: string) => void;
let announcer: Announcer | null = null;

/** Called by the live region of the shell (components/live-announcer.tsx) when it mounts. */
export function setAnnouncer(next: Announcer | null): void {
  announcer = next;
}

/**
 * Says a result to screen readers without a toast (a polite status message): the new state of a
 * toggle, what a filter found.
 */
export function announce(message: string): void {
  announcer?.(message);
}
