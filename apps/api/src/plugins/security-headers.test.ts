import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { headersSetBy } from './security-headers.js';

describe('headersSetBy', () => {
  it("takes the headers Helmet's middleware sets, once, by their lower-case names", () => {
    const headers = headersSetBy(
      helmet({
        contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"] } },
        strictTransportSecurity: false,
      }),
    );
    expect(headers['content-security-policy']).toBe("default-src 'self'");
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(Object.keys(headers).every((name) => name === name.toLowerCase())).toBe(true);
    expect(Object.isFrozen(headers)).toBe(true);
  });

  it('leaves out a header the middleware removes, and refuses a middleware that fails', () => {
    expect(
      headersSetBy((_request, response, next) => {
        response.setHeader('X-Powered-By', 'quelque chose');
        response.setHeader('X-Un', '1');
        response.removeHeader('x-powered-by');
        next();
      }),
    ).toEqual({ 'x-un': '1' });
    const failure = new Error('directive invalide');
    expect(() => headersSetBy((_request, _response, next) => next(failure))).toThrow(failure);
  });
});
