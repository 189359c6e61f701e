import { describe, expect, it } from 'vitest';
import { DocumentUrlSigner, LINKS_KEPT } from './signed-url.js';

const SECRET = 'unit-test-secret-unit-test-secret-0123456789';

describe('DocumentUrlSigner', () => {
  const signer = new DocumentUrlSigner(SECRET, 300);
  const now = 1_800_000_000;

  it('makes root-relative links that expire at least the TTL later, rounded up to the minute', () => {
    const url = new URL(signer.sign('verifications/provider/1/selfie.png', now) ?? '', 'http://x');
    expect(url.pathname).toBe('/api/documents/verifications/provider/1/selfie.png');
    const expires = Number(url.searchParams.get('expires'));
    expect(expires % 60).toBe(0);
    expect(expires).toBeGreaterThanOrEqual(now + 300);
    expect(expires).toBeLessThan(now + 360);
    expect(signer.sign(null, now)).toBeNull();
  });

  it('gives a key the same link until the expiry moves on, then a new valid one', () => {
    const key = 'disputes/7/évidence 1.pdf';
    const fresh = new DocumentUrlSigner(SECRET, 300);
    const first = fresh.sign(key, now + 5) ?? '';
    expect(fresh.sign(key, now + 6)).toBe(first);
    const other = fresh.sign('disputes/7/2.pdf', now + 5) ?? '';
    expect(other).not.toBe(first);
    const later = now + 120;
    const moved = new URL(fresh.sign(key, later) ?? '', 'http://x');
    expect(moved.toString()).not.toBe(new URL(first, 'http://x').toString());
    const expires = moved.searchParams.get('expires') ?? '';
    expect(Number(expires)).toBe(fresh.expiryFrom(later));
    expect(fresh.check(key, expires, moved.searchParams.get('signature') ?? '', later)).toBe('valid');
    // The same links as a signer that keeps none would make.
    expect(new DocumentUrlSigner(SECRET, 300).sign(key, later)).toBe(fresh.sign(key, later));
  });

  it('keeps no more than LINKS_KEPT links, and still signs right past them', () => {
    const fresh = new DocumentUrlSigner(SECRET, 300);
    for (let index = 0; index <= LINKS_KEPT + 5; index += 1) fresh.sign(`files/${index}.pdf`, now);
    const url = new URL(fresh.sign('files/1.pdf', now) ?? '', 'http://x');
    const signature = url.searchParams.get('signature') ?? '';
    expect(fresh.check('files/1.pdf', url.searchParams.get('expires') ?? '', signature, now)).toBe('valid');
  });

  it('accepts its own signature until expiry and nothing else', () => {
    const key = 'verifications/client/2/id-card-front.png';
    const expires = signer.expiryFrom(now);
    const signature = signer.signatureOf(key, expires);
    expect(signer.check(key, String(expires), signature, now)).toBe('valid');
    expect(signer.check(key, String(expires), signature, expires + 1)).toBe('expired');
    expect(signer.check('verifications/client/2/id-card-back.png', String(expires), signature, now)).toBe(
      'invalid',
    );
    expect(signer.check(key, String(expires + 60), signature, now)).toBe('invalid');
    expect(signer.check(key, String(expires), signature.toUpperCase(), now)).toBe('invalid');
    expect(signer.check(key, 'abc', signature, now)).toBe('invalid');
  });

  it('uses a key derived from the secret: another secret or the raw secret never verifies', () => {
    const key = 'disputes/1.pdf';
    const expires = signer.expiryFrom(now);
    const other = new DocumentUrlSigner(`${SECRET}-autre`, 300);
    expect(signer.check(key, String(expires), other.signatureOf(key, expires), now)).toBe('invalid');
  });
});
