import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http-errors.js';
import { LoginThrottle } from './login-throttle.js';

describe('LoginThrottle', () => {
  it('locks a key after the maximum failures and unlocks it when the window ends', () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(3, 60, () => now);
    const keys = LoginThrottle.keys('1.2.3.4', 'Admin@Example.com');
    for (let index = 0; index < 3; index += 1) {
      throttle.assertAllowed(keys);
      throttle.recordFailure(keys);
    }
    let caught: unknown;
    try {
      throttle.assertAllowed(keys);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(HttpError);
    expect((caught as HttpError).statusCode).toBe(429);
    expect((caught as HttpError).detail).toBe(
      'Trop de tentatives de connexion échouées. Réessayez dans 1 minute.',
    );
    expect((caught as HttpError).headers['retry-after']).toBe('60');

    now += 60_001;
    expect(() => throttle.assertAllowed(keys)).not.toThrow();
  });

  it('locks by address across e-mails and by e-mail across addresses', () => {
    const throttle = new LoginThrottle(2, 600, () => 0);
    throttle.recordFailure(LoginThrottle.keys('9.9.9.9', 'a@x.ao'));
    throttle.recordFailure(LoginThrottle.keys('9.9.9.9', 'b@x.ao'));
    expect(() => throttle.assertAllowed(LoginThrottle.keys('9.9.9.9', 'c@x.ao'))).toThrow(HttpError);
    expect(() => throttle.assertAllowed(LoginThrottle.keys('8.8.8.8', 'c@x.ao'))).not.toThrow();

    throttle.recordFailure(LoginThrottle.keys('1.1.1.1', 'target@x.ao'));
    throttle.recordFailure(LoginThrottle.keys('2.2.2.2', 'TARGET@x.ao'));
    expect(() => throttle.assertAllowed(LoginThrottle.keys('3.3.3.3', 'target@x.ao'))).toThrow(HttpError);
  });

  it('forgets an e-mail’s failures after a success', () => {
    const throttle = new LoginThrottle(2, 600, () => 0);
    throttle.recordFailure(LoginThrottle.keys('1.1.1.1', 'a@x.ao'));
    throttle.recordSuccess('a@x.ao');
    throttle.recordFailure(LoginThrottle.keys('2.2.2.2', 'a@x.ao'));
    expect(() => throttle.assertAllowed(LoginThrottle.keys('3.3.3.3', 'a@x.ao'))).not.toThrow();
  });
});
