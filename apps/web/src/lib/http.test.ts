import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeToken, jsonResponse, storeSession } from '../test/render-app';
import {
  ApiError,
  apiDownload,
  apiFetch,
  apiRequest,
  buildApiUrl,
  setUnauthorizedHandler,
  UnexpectedResponseError,
} from './http';
import { readSession } from './session';

describe('buildApiUrl', () => {
  it('drops undefined, null and empty values and keeps false and 0', () => {
    expect(
      buildApiUrl('/users/', { page: 1, search: '', role: undefined, status: null, is_read: false, days: 0 }),
    ).toBe('/api/users/?page=1&is_read=false&days=0');
  });

  it('repeats array values', () => {
    expect(buildApiUrl('/x/', { id: [1, 2, ''] })).toBe('/api/x/?id=1&id=2');
  });

  it('has no question mark without values', () => {
    expect(buildApiUrl('/users/', { search: '' })).toBe('/api/users/');
  });
});

describe('apiRequest', () => {
  it('sends the Bearer token and a JSON body and parses the answer', async () => {
    const token = fakeToken();
    storeSession(token);
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => jsonResponse(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);

    const result = await apiRequest<{ ok: boolean }>('/disputes/3/update_status/', {
      method: 'POST',
      body: { status: 'resolved' },
    });

    expect(result).toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/disputes/3/update_status/');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"status":"resolved"}');
  });

  it('gives undefined for an empty answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(apiRequest('/users/1/', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it("throws an ApiError with the server's detail", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(409, { detail: 'Conflit', code: 'conflict' })),
    );
    const error = await apiRequest('/users/1/', { method: 'DELETE' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      detail: 'Conflit',
      body: { detail: 'Conflit', code: 'conflict' },
    });
  });

  it('falls back to a French message without a detail', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    const error = await apiRequest('/users/').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 502, detail: 'Une erreur est survenue', serverDetail: undefined });
  });

  it('ends the session on a 401', async () => {
    storeSession();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { detail: 'Session expirée' })),
    );
    await expect(apiRequest('/users/')).rejects.toBeInstanceOf(ApiError);
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('keeps the renewed token the API sends in X-Access-Token', async () => {
    storeSession(fakeToken());
    const renewed = fakeToken(Math.floor(Date.now() / 1000) + 7200);
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('{}', {
            status: 200,
            headers: { 'Content-Type': 'application/json', 'X-Access-Token': renewed },
          }),
      ),
    );
    await apiRequest('/users/');
    expect(localStorage.getItem('access_token')).toBe(renewed);
    expect(readSession()?.access).toBe(renewed);
  });

  it('calls the registered 401 handler, but not for the admin login', async () => {
    const handler = vi.fn();
    const restore = setUnauthorizedHandler(handler);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(401, { detail: 'Identifiants invalides' })),
    );
    await expect(apiRequest('/auth/admin-login/', { method: 'POST', auth: false })).rejects.toThrow();
    expect(handler).not.toHaveBeenCalled();
    await expect(apiRequest('/users/')).rejects.toThrow();
    expect(handler).toHaveBeenCalledTimes(1);
    restore();
  });
});

describe('apiDownload', () => {
  it('returns the blob and the file name of Content-Disposition', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response('id;nom\n1;Ana\n', {
            status: 200,
            headers: {
              'Content-Type': 'text/csv',
              'Content-Disposition': 'attachment; filename="verifications.csv"',
            },
          }),
      ),
    );
    const file = await apiDownload('/admin/provider-verification/export/', { query: { format: 'csv' } });
    expect(file.filename).toBe('verifications.csv');
    expect(await file.blob.text()).toBe('id;nom\n1;Ana\n');
  });
});

describe('apiFetch', () => {
  const Answer = z.object({ count: z.number(), stats: z.object({ total: z.number() }) });

  it("returns the answer checked against the contract's schema", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { count: 2, stats: { total: 2 }, extra: true })),
    );
    expect(await apiFetch('/x/', Answer)).toEqual({ count: 2, stats: { total: 2 } });
  });

  it('turns an answer missing a block into an UnexpectedResponseError instead of a crash later', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(200, { count: 2 })),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(apiFetch('/x/', Answer)).rejects.toBeInstanceOf(UnexpectedResponseError);
  });
});
