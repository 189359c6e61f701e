import { ApiError } from '../../../lib/http';

/** The first message of each field of a 400 answer's `errors`, keyed by form field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return {};
  const errors = 'errors' in error.body ? error.body.errors : undefined;
  if (typeof errors !== 'object' || errors === null) return {};
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    if (Array.isArray(messages) && typeof messages[0] === 'string') result[field] = messages[0];
  }
  return result;
}
