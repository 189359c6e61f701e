import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildPage, offsetOf } from './pagination.js';

/** A request of a server whose PUBLIC_URL is http://localhost:8080. */
const request = (url: string) =>
  ({
    url,
    protocol: 'http',
    host: 'localhost:8080',
    server: { config: { publicUrl: 'http://localhost:8080' } },
  }) as unknown as FastifyRequest;

/** A request without PUBLIC_URL, with a Host header chosen by the client. */
const requestWithoutPublicUrl = (url: string) =>
  ({
    url,
    protocol: 'https',
    host: 'evil.example',
    server: { config: { publicUrl: undefined } },
  }) as unknown as FastifyRequest;

describe('buildPage', () => {
  it('links to the next and previous pages keeping the other parameters', () => {
    const page = buildPage(
      request('/api/users/?page=2&page_size=10&role=client'),
      { page: 2, page_size: 10 },
      35,
      [1],
    );
    expect(page).toEqual({
      count: 35,
      next: 'http://localhost:8080/api/users/?page=3&page_size=10&role=client',
      previous: 'http://localhost:8080/api/users/?page_size=10&role=client',
      results: [1],
    });
  });

  it('has no next link on the last page and no previous link on the first', () => {
    expect(buildPage(request('/api/users/'), { page: 1, page_size: 10 }, 10, []).next).toBeNull();
    expect(buildPage(request('/api/users/'), { page: 1, page_size: 10 }, 10, []).previous).toBeNull();
    expect(buildPage(request('/api/users/?page=4'), { page: 4, page_size: 10 }, 40, []).next).toBeNull();
  });

  it('points a page past the end back to the last page', () => {
    const page = buildPage(request('/api/users/?page=9'), { page: 9, page_size: 10 }, 25, []);
    expect(page.next).toBeNull();
    expect(page.previous).toBe('http://localhost:8080/api/users/?page=3');
  });

  it('builds root-relative links without PUBLIC_URL, never from the Host header', () => {
    const page = buildPage(
      requestWithoutPublicUrl('/api/users/?page=2&role=client'),
      { page: 2, page_size: 10 },
      35,
      [],
    );
    expect(page.next).toBe('/api/users/?page=3&role=client');
    expect(page.previous).toBe('/api/users/?role=client');
  });

  it('computes offsets', () => {
    expect(offsetOf({ page: 1, page_size: 10 })).toBe(0);
    expect(offsetOf({ page: 3, page_size: 9 })).toBe(18);
  });
});
