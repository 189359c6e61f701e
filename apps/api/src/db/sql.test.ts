import { normalizeSearchText } from '@kwanza/contract';
import { describe, expect, it } from 'vitest';
import { escapeLike, parseJsonArray, toJsonArray } from './sql.js';

describe('search helpers', () => {
  it('normalizes case and accents', () => {
    expect(normalizeSearchText('Élodie CONCEIÇÃO')).toBe('elodie conceicao');
    expect(normalizeSearchText('  João  ')).toBe('joao');
  });

  it('gives plain ASCII the same form as the full decomposition', () => {
    const decomposed = (value: string) =>
      value
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toLowerCase()
        .trim();
    const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code));
    for (const character of ascii) expect(normalizeSearchText(character)).toBe(decomposed(character));
    for (const value of ['  Ana^Silva`  ', 'ANA.SILVA@MAIL.AO', '+244 923 000 000', ascii.join('')]) {
      expect(normalizeSearchText(value)).toBe(decomposed(value));
    }
    expect(normalizeSearchText('Ana^ Conceição`')).toBe(decomposed('Ana^ Conceição`'));
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('100%_sure\\')).toBe('100\\%\\_sure\\\\');
  });
});

describe('JSON array columns', () => {
  it('round-trips and tolerates bad stored values', () => {
    expect(parseJsonArray(toJsonArray(['React', 'Node']))).toEqual(['React', 'Node']);
    expect(parseJsonArray(null)).toEqual([]);
    expect(parseJsonArray('not json')).toEqual([]);
    expect(parseJsonArray('[1, "a"]')).toEqual(['a']);
  });
});
