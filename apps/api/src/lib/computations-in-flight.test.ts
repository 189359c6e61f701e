import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComputationsInFlight, sameVersions } from './computations-in-flight.js';

describe('answers being computed, one per key', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const versions = (entries: Array<[string, number]>) => new Map(entries);

  it('tells the computation under way for a key until it ends, and wakes its waiters', async () => {
    const flights = new ComputationsInFlight();
    expect(flights.get('a')).toBeUndefined();
    const computation = flights.start('a', versions([['users', 3]]));
    expect(flights.get('a')).toBe(computation);
    expect(flights.get('b')).toBeUndefined();
    let woken = false;
    const waiting = computation.settled(60_000).then(() => {
      woken = true;
    });
    await Promise.resolve();
    expect(woken).toBe(false);
    flights.end('a', computation);
    await waiting;
    expect(woken).toBe(true);
    expect(flights.get('a')).toBeUndefined();
    expect(flights.size).toBe(0);
  });

  it('keeps the latest computation of a key when an earlier one ends', async () => {
    const flights = new ComputationsInFlight();
    const first = flights.start('a', versions([['users', 1]]));
    const second = flights.start('a', versions([['users', 2]]));
    flights.end('a', first);
    expect(flights.get('a')).toBe(second);
    await first.settled(60_000);
    flights.end('a', second);
    flights.end('a', second);
    expect(flights.size).toBe(0);
  });

  it('stops waiting after the time given when the computation does not end', async () => {
    vi.useFakeTimers();
    const flights = new ComputationsInFlight();
    const computation = flights.start('a', versions([]));
    let woken = false;
    const waiting = computation.settled(1_000).then(() => {
      woken = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(woken).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await waiting;
    expect(woken).toBe(true);
    expect(flights.get('a')).toBe(computation);
  });

  it('compares two readings of the versions, table by table', () => {
    const read = versions([
      ['users', 3],
      ['projects', 7],
    ]);
    expect(
      sameVersions(
        read,
        versions([
          ['projects', 7],
          ['users', 3],
        ]),
      ),
    ).toBe(true);
    expect(
      sameVersions(
        read,
        versions([
          ['users', 3],
          ['projects', 8],
        ]),
      ),
    ).toBe(false);
    expect(sameVersions(read, versions([['users', 3]]))).toBe(false);
    expect(
      sameVersions(
        read,
        versions([
          ['users', 3],
          ['offers', 7],
        ]),
      ),
    ).toBe(false);
  });
});
