import { describe, expect, it } from 'vitest';
import { displayName } from './display-name';

describe('displayName', () => {
  it("reads 'Prénom Nom', else the username, else the fallback", () => {
    expect(displayName({ first_name: 'Ana', last_name: 'Kaputo', username: 'ana' })).toBe('Ana Kaputo');
    expect(displayName({ first_name: '  ', last_name: 'Kaputo', username: 'ana' })).toBe('Kaputo');
    expect(displayName({ first_name: '', last_name: '', username: 'ana' })).toBe('ana');
    expect(displayName({ first_name: null, last_name: null, username: null }, 'Client')).toBe('Client');
    expect(displayName({ first_name: null, last_name: null, username: null })).toBe('');
  });
});
