import { normalizeSearchText } from '@kwanza/contract';
import { describe, expect, it } from 'vitest';
import { escapeLike, parseJsonArray, toJsonArray } from './sql.js';

/** The reference form of a search text: its full canonical decomposition, diacritics removed. */
function decomposed(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

describe('search helpers', () => {
  it('normalizes case and accents', () => {
    expect(normalizeSearchText('Élodie CONCEIÇÃO')).toBe('elodie conceicao');
    expect(normalizeSearchText('  João  ')).toBe('joao');
  });

  it('gives plain ASCII the same form as the full decomposition', () => {
    const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code));
    for (const character of ascii) expect(normalizeSearchText(character)).toBe(decomposed(character));
    for (const value of ['  Ana^Silva`  ', 'ANA.SILVA@MAIL.AO', '+244 923 000 000', ascii.join('')]) {
      expect(normalizeSearchText(value)).toBe(decomposed(value));
    }
    expect(normalizeSearchText('Ana^ Conceição`')).toBe(decomposed('Ana^ Conceição`'));
  });

  it('gives every character, alone, after a letter or inside a text, the form of the full decomposition', () => {
    const characters: string[] = [];
    for (let code = 0; code <= 0x10ffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      characters.push(String.fromCodePoint(code));
    }
    const differing = characters.filter(
      (character) =>
        normalizeSearchText(character) !== decomposed(character) ||
        normalizeSearchText(`É${character}z`) !== decomposed(`É${character}z`),
    );
    expect(differing).toEqual([]);
    // Texts mixing accented letters, diacritics alone and other scripts (not two combining marks that
    // are not diacritics in a row: the one case where NFD's reordering differs).
    const pool = [
      ...'aeÉèçÇãõÑñÅøØßæŒİıΣσςΆάЁёЙй한글日本 ^`',
      '\u0301',
      '\u0327',
      '\u0308',
      'ǅ',
      'ﬁ',
      '𝔸',
      '\u00a0',
    ];
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed;
    };
    for (let text = 0; text < 2000; text += 1) {
      const value = Array.from({ length: 1 + (next() % 40) }, () => pool[next() % pool.length]).join('');
      expect(normalizeSearchText(value), JSON.stringify(value)).toBe(decomposed(value));
    }
    // Every code point, four normalizations each: 3.3 s alone, past vitest's default 5 s when the unit,
    // web and SQLite projects share CI's two cores (it failed there so).
  }, 60_000);

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
