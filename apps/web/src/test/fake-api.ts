import { vi } from 'vitest';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface FakeRequest {
  method: Method;
  url: URL;
  /** Path parameters named in the route (`/api/users/:id/` gives `params.id`). */
  params: Record<string, string>;
  /** The JSON body sent, if any. */
  body: unknown;
}

/** A handler's answer: a Response, `{status, body}` via `reply`, or any value (200 JSON). */
export type FakeAnswer = Response | unknown;
export type FakeHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

/** A fetch answering JSON with a status. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An answer other than 200: `reply(500, {detail: 'x'})`. */
export function reply(status: number, body?: unknown): Response {
  return body === undefined ? new Response(null, { status }) : jsonResponse(status, body);
}

interface Route {
  method: Method;
  pattern: RegExp;
  names: string[];
  handler: FakeHandler;
}

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split('/')
    .map((part) => {
      if (part.startsWith(':')) {
        names.push(part.slice(1));
        return '([^/]+)';
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { pattern: new RegExp(`^${source}$`), names };
}

/**
 * A fake API for the component tests: routes by method and path (`/api/users/:id/`), the calls made
 * (method, URL, body), and 404 'Introuvable' for anything not routed. Later routes win, so a test
 * overrides a default answer by routing the same path again.
 */
export class FakeApi {
  readonly calls: FakeRequest[] = [];
  private readonly routes: Route[] = [];

  on(method: Method, path: string, handler: FakeHandler): this {
    this.routes.unshift({ method, ...compile(path), handler });
    return this;
  }
  get(path: string, handler: FakeHandler): this {
    return this.on('GET', path, handler);
  }
  post(path: string, handler: FakeHandler): this {
    return this.on('POST', path, handler);
  }
  put(path: string, handler: FakeHandler): this {
    return this.on('PUT', path, handler);
  }
  patch(path: string, handler: FakeHandler): this {
    return this.on('PATCH', path, handler);
  }
  delete(path: string, handler: FakeHandler): this {
    return this.on('DELETE', path, handler);
  }

  /** Calls made to a path (and method, GET by default). */
  callsTo(path: string, method: Method = 'GET'): FakeRequest[] {
    return this.calls.filter((call) => call.method === method && call.url.pathname === path);
  }

  /** Answers one request as the routes say. */
  async handle(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase() as Method;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    for (const route of this.routes) {
      if (route.method !== method) continue;
      const match = route.pattern.exec(url.pathname);
      if (!match) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, index) => {
        params[name] = decodeURIComponent(match[index + 1] ?? '');
      });
      const request: FakeRequest = { method, url, params, body };
      this.calls.push(request);
      const answer = await route.handler(request);
      return answer instanceof Response ? answer : jsonResponse(200, answer);
    }
    this.calls.push({ method, url, params: {}, body });
    return jsonResponse(404, { detail: 'Introuvable' });
  }

  /** Replaces the global fetch with this API (undone after each test by the setup file). */
  install(): this {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => this.handle(input, init)),
    );
    return this;
  }
}

/** A fake API installed as the global fetch. */
export function fakeApi(): FakeApi {
  return new FakeApi().install();
}
