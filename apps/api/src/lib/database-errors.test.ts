import { describe, expect, it } from 'vitest';
import { constraintViolationToHttpError } from './database-errors.js';

describe('constraintViolationToHttpError', () => {
  it.each([
    ['SQLITE_CONSTRAINT_UNIQUE', 409],
    ['23505', 409],
    ['SQLITE_CONSTRAINT_FOREIGNKEY', 409],
    ['23503', 409],
    ['SQLITE_CONSTRAINT_CHECK', 400],
    ['23514', 400],
    ['22021', 400],
    ['22P05', 400],
    ['22003', 400],
  ])('maps driver code %s to %i with a French detail', (code, status) => {
    const error = constraintViolationToHttpError(Object.assign(new Error('driver'), { code }));
    expect(error?.statusCode).toBe(status);
    expect(error?.detail).toMatch(/[éèàû]|Opération|Cette|Valeur|Une/);
  });

  it('leaves other errors alone', () => {
    expect(constraintViolationToHttpError(new Error('boom'))).toBeNull();
    expect(constraintViolationToHttpError({ code: 'ECONNREFUSED' })).toBeNull();
    expect(constraintViolationToHttpError('text')).toBeNull();
  });
});
