import { ErrorAlert } from '../../../components/error-alert';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-errors';

/**
 * The server's per-field messages of a failed save, for a form whose fields are named as the body's
 * (`section.` prefixes, such as `application.timezone`, removed).
 */
export function formErrorsOf(error: unknown, section?: string): Record<string, string> {
  const errors = fieldErrorsOf(error);
  if (!section) return errors;
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field.replace(`${section}.`, ''), message]),
  );
}

interface FormFailureProps {
  error: unknown;
  /** Shown when the server sent no French detail (network failure, 5xx). */
  fallback: string;
}

/**
 * A failed save that no field explains (a network failure, a 429, a 409): an alert above the form.
 * Errors of fields show on their fields instead.
 */
export function FormFailure({ error, fallback }: FormFailureProps) {
  if (!error || Object.keys(fieldErrorsOf(error)).length > 0) return null;
  return <ErrorAlert message={errorMessage(error, fallback)} />;
}
