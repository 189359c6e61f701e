import { describe, expect, it } from 'vitest';
import { errorMessage, fieldErrorsOf } from './api-errors';
import { ApiError } from './http';

describe('errorMessage', () => {
  it("is the server's detail when it sent one, else the screen's fallback", () => {
    expect(errorMessage(new ApiError(409, { detail: 'Déjà traitée' }), 'Veuillez réessayer.')).toBe(
      'Déjà traitée',
    );
    expect(errorMessage(new ApiError(500, 'oops'), 'Veuillez réessayer.')).toBe('Veuillez réessayer.');
    expect(errorMessage(new TypeError('Failed to fetch'), 'Veuillez réessayer.')).toBe('Veuillez réessayer.');
  });
});

describe('fieldErrorsOf', () => {
  it('gives the first message of each field of a 400', () => {
    const error = new ApiError(400, {
      detail: 'Données invalides',
      errors: { email: ['Adresse déjà utilisée', 'autre'], phone_number: ['Format invalide'] },
    });
    expect(fieldErrorsOf(error)).toEqual({ email: 'Adresse déjà utilisée', phone_number: 'Format invalide' });
    expect(fieldErrorsOf(new ApiError(500, { detail: 'x' }))).toEqual({});
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
  });
});
