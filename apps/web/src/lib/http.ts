import type { z } from 'zod';
import { clearSession, readAccessToken, replaceAccessToken } from './session';

/** Every API path is relative to this prefix. */
export const API_BASE = '/api';
export const ADMIN_LOGIN_PATH = '/auth/admin-login/';
export const LOGOUT_PATH = '/auth/logout/';
/** Response header in which the API sends a renewed access token (sliding session). */
export const RENEWED_TOKEN_HEADER = 'X-Access-Token';
export const FALLBACK_ERROR_MESSAGE = 'Une erreur est survenue';

type QueryScalar = string | number | boolean | null | undefined;
export type QueryValue = QueryScalar | readonly QueryScalar[];
export type QueryParams = Record<string, QueryValue>;

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Attach the stored Bearer token (default true; false for the login call). */
  auth?: boolean;
}

/** A non-2xx answer of the API, with the French `detail` of its JSON body when there is one. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  /** The `detail` the server sent, undefined when the body had none. */
  readonly serverDetail: string | undefined;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const serverDetail = readDetail(body);
    const detail = serverDetail ?? FALLBACK_ERROR_MESSAGE;
    super(detail);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.serverDetail = serverDetail;
    this.body = body;
  }
}

/**
 * A 2xx answer that does not match the contract's schema (a block missing, a wrong type): the screen
 * shows its load error instead of crashing on the missing piece.
 */
export class UnexpectedResponseError extends Error {
  readonly path: string;
  readonly issues: readonly z.core.$ZodIssue[];

  constructor(path: string, issues: readonly z.core.$ZodIssue[]) {
    super(FALLBACK_ERROR_MESSAGE);
    this.name = 'UnexpectedResponseError';
    this.path = path;
    this.issues = issues;
  }
}

function readDetail(body: unknown): string | undefined {
  if (
    body &&
    typeof body === 'object' &&
    'detail' in body &&
    typeof body.detail === 'string' &&
    body.detail
  ) {
    return body.detail;
  }
  return undefined;
}

function isEmptyValue(value: QueryScalar): value is null | undefined | '' {
  return value === undefined || value === null || value === '';
}

/** Builds `/api<path>?…`, dropping undefined, null and empty-string values. */
export function buildApiUrl(path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values: readonly QueryScalar[] = Array.isArray(value) ? value : [value as QueryScalar];
    for (const item of values) {
      if (!isEmptyValue(item)) params.append(key, String(item));
    }
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

type UnauthorizedHandler = () => void;
let unauthorizedHandler: UnauthorizedHandler = clearSession;

/**
 * Sets what a 401 does (the app clears the session and its cached queries; the route guard then
 * sends the visitor to /login without a page reload). Returns a function restoring the default.
 */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  unauthorizedHandler = handler;
  return () => {
    unauthorizedHandler = clearSession;
  };
}

function buildHeaders(options: ApiRequestOptions, accept: string): Headers {
  const headers = new Headers({ Accept: accept });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  const token = options.auth === false ? null : readAccessToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

async function send(path: string, options: ApiRequestOptions, accept: string): Promise<Response> {
  const response = await fetch(buildApiUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers: buildHeaders(options, accept),
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const renewed = response.headers.get(RENEWED_TOKEN_HEADER);
  if (renewed && response.ok) replaceAccessToken(renewed);
  if (!response.ok) {
    const body = await readBody(response);
    if (response.status === 401 && path !== ADMIN_LOGIN_PATH) unauthorizedHandler();
    throw new ApiError(response.status, body);
  }
  return response;
}

/** Calls the API and returns its JSON answer (undefined for an empty one). */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const response = await send(path, options, 'application/json');
  return (await readBody(response)) as T;
}

/**
 * Calls the API and checks its JSON answer against the contract's schema at the edge: an answer of
 * another shape is an UnexpectedResponseError (a load error on screen), never a crash further down.
 */
export async function apiFetch<S extends z.ZodType>(
  path: string,
  schema: S,
  options: ApiRequestOptions = {},
): Promise<z.output<S>> {
  const body = await apiRequest<unknown>(path, options);
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    console.error(`Réponse inattendue de ${path}`, parsed.error.issues);
    throw new UnexpectedResponseError(path, parsed.error.issues);
  }
  return parsed.data;
}

/**
 * Logs out: the stored session is forgotten at once, and the server is asked to close it so that
 * the token stops working everywhere (a copy of it included). The console does not wait for the
 * server: an unreachable server must not keep anyone logged in on this screen.
 */
export function logout(): void {
  const token = readAccessToken();
  clearSession();
  if (!token) return;
  fetch(buildApiUrl(LOGOUT_PATH), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    keepalive: true,
  }).catch(() => undefined);
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition, else the fallback given. */
  filename: string;
}

function readFilename(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1];
}

/** Calls an API route answering a file (CSV export, document) and returns it as a blob. */
export async function apiDownload(
  path: string,
  options: ApiRequestOptions & { fallbackFilename?: string } = {},
): Promise<DownloadedFile> {
  const response = await send(path, options, '*/*');
  return {
    blob: await response.blob(),
    filename:
      readFilename(response.headers.get('content-disposition')) ?? options.fallbackFilename ?? 'export',
  };
}

/** Hands a downloaded file to the browser as a save. */
export function saveDownloadedFile(file: DownloadedFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
