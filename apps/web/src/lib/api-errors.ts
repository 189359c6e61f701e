import { ApiError } from './http';

/** The message of a failed call: the server's French detail when it sent one, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverDetail ? error.serverDetail : fallback;
}

/** Per-field messages of a 400 (`errors: {field: [messages]}`), first message of each field. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const body = error.body;
  if (!body || typeof body !== 'object' || !('errors' in body)) return {};
  const errors = body.errors;
  if (!errors || typeof errors !== 'object') return {};
  const fields: Record<string, string> = {};
  for (const [field, messages] of Object.entries(errors)) {
    const first = Array.isArray(messages)
      ? messages.find((message) => typeof message === 'string')
      : undefined;
    if (typeof first === 'string') fields[field] = first;
  }
  return fields;
}
