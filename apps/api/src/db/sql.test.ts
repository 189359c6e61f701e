import { normalizeSearchText } from '@kwanza/contract';
import { describe, expect, it } from 'vitest';
import { escapeLike, parseJsonArray, toJsonArray } from './sql.js';

describe('search helpers', () => {
  it('normalizes case and accents', () => {
    expect(normalizeSearchText('Élodie CONCEIÇÃO')).toBe('elodie conceicao');
    expect(normalizeSearchText('  João  ')).toBe('joao');
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
