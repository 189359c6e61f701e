import type { z } from 'zod';
import { ApiError, type ApiRequestOptions, apiFetch, FALLBACK_ERROR_MESSAGE } from '../../../lib/http';
import { readAccessToken } from '../../../lib/session';

export const MISSING_TOKEN_MESSAGE = "Token d'authentification manquant";

/**
 * A verification call whose answer is checked against the contract's schema. Verification calls
 * require the stored token: without one they fail before any request.
 */
export function verificationFetch<S extends z.ZodType>(
  path: string,
  schema: S,
  options: ApiRequestOptions = {},
): Promise<z.output<S>> {
  if (!readAccessToken()) return Promise.reject(new Error(MISSING_TOKEN_MESSAGE));
  return apiFetch(path, schema, options);
}

/** The message of a failed verification call: the server's detail, else the error's message, else the fallback. */
export function verificationErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.detail;
  if (error instanceof Error && error.message) return error.message;
  return FALLBACK_ERROR_MESSAGE;
}
