import { describe, expect, it } from 'vitest';
import { expiryOf, refreshBeforeExpiry, SIGNED_LINK_MIN_REFRESH_MS } from './signed-links';

const NOW = Date.UTC(2026, 10, 24, 10, 0, 0);
const link = (secondsFromNow: number) =>
  `/api/documents/disputes/1/photo.png?expires=${NOW / 1000 + secondsFromNow}&signature=${'a'.repeat(64)}`;

describe('signed links', () => {
  it('reads the expiry of a link', () => {
    expect(expiryOf(link(300))).toBe(NOW + 300_000);
    expect(expiryOf('/api/documents/a.png')).toBeUndefined();
    expect(expiryOf('/api/documents/a.png?expires=soon')).toBeUndefined();
  });

  it('refreshes a minute before the first link expires', () => {
    expect(refreshBeforeExpiry([link(300), link(240), null], NOW)).toBe(180_000);
  });

  it('never refreshes in a tight loop, and not at all without links', () => {
    expect(refreshBeforeExpiry([link(30)], NOW)).toBe(SIGNED_LINK_MIN_REFRESH_MS);
    expect(refreshBeforeExpiry([link(-600)], NOW)).toBe(SIGNED_LINK_MIN_REFRESH_MS);
    expect(refreshBeforeExpiry([], NOW)).toBe(false);
    expect(refreshBeforeExpiry([null, undefined], NOW)).toBe(false);
  });
});
