/**
 * Errors that routes and repositories throw to answer with a status and a French `detail`. The
 * error handler turns them into the one error shape `{detail, code?, errors?}`.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly detail: string;
  readonly code: string | undefined;
  readonly errors: Record<string, string[]> | undefined;
  readonly headers: Record<string, string>;

  constructor(
    statusCode: number,
    detail: string,
    options: { code?: string; errors?: Record<string, string[]>; headers?: Record<string, string> } = {},
  ) {
    super(detail);
    this.statusCode = statusCode;
    this.detail = detail;
    this.code = options.code;
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }
}

export function badRequest(detail: string, errors?: Record<string, string[]>): HttpError {
  return new HttpError(400, detail, { code: 'invalid', ...(errors ? { errors } : {}) });
}

export function unauthorized(detail: string): HttpError {
  return new HttpError(401, detail, { code: 'not_authenticated', headers: { 'www-authenticate': 'Bearer' } });
}

export function forbidden(detail: string): HttpError {
  return new HttpError(403, detail, { code: 'permission_denied' });
}

export function notFound(detail: string): HttpError {
  return new HttpError(404, detail, { code: 'not_found' });
}

/** A state rule refuses the change (wrong status, last admin, dependants...). */
export function conflict(detail: string, code = 'conflict'): HttpError {
  return new HttpError(409, detail, { code });
}
