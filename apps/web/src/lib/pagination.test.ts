import { describe, expect, it } from 'vitest';
import {
  countPages,
  ELLIPSIS,
  formatPageRange,
  formatResultCount,
  getEllipsisPageItems,
  getPageRange,
  getSlidingPageWindow,
} from './pagination';

describe('countPages', () => {
  it('rounds up and never gives less than one page', () => {
    expect(countPages(42, 10)).toBe(5);
    expect(countPages(40, 10)).toBe(4);
    expect(countPages(0, 10)).toBe(1);
  });
});

describe('getPageRange and formatPageRange', () => {
  it('gives the first and last item of a page', () => {
    expect(getPageRange(2, 10, 42)).toEqual({ from: 11, to: 20, total: 42 });
    expect(getPageRange(5, 10, 42)).toEqual({ from: 41, to: 42, total: 42 });
  });

  it('gives zeros for an empty list', () => {
    expect(getPageRange(1, 10, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });

  it('writes the French sentence', () => {
    expect(formatPageRange(1, 10, 42)).toBe('Affichage de 1 à 10 sur 42 résultats');
    expect(formatPageRange(2, 10, 1000, true)).toBe('Affichage de 11 à 20 sur plus de 1\u202f000 résultats');
    expect(formatPageRange(3, 9, 25)).toBe('Affichage de 19 à 25 sur 25 résultats');
    expect(formatPageRange(1, 10, 1500)).toBe('Affichage de 1 à 10 sur 1\u202f500 résultats');
  });
});

describe('getSlidingPageWindow', () => {
  it('shows every page when there are at most four', () => {
    expect(getSlidingPageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(getSlidingPageWindow(4, 4)).toEqual([1, 2, 3, 4]);
  });

  it('starts at page 1 near the beginning', () => {
    expect(getSlidingPageWindow(1, 10)).toEqual([1, 2, 3, 4]);
    expect(getSlidingPageWindow(2, 10)).toEqual([1, 2, 3, 4]);
  });

  it('moves with the current page in the middle', () => {
    expect(getSlidingPageWindow(5, 10)).toEqual([3, 4, 5, 6]);
  });

  it('ends at the last page near the end', () => {
    expect(getSlidingPageWindow(10, 10)).toEqual([7, 8, 9, 10]);
    expect(getSlidingPageWindow(9, 10)).toEqual([7, 8, 9, 10]);
  });

  it('is empty without pages', () => {
    expect(getSlidingPageWindow(1, 0)).toEqual([]);
  });
});

describe('getEllipsisPageItems', () => {
  it('shows every page of a short list', () => {
    expect(getEllipsisPageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows pages 1 to 3, the last two and the neighbours of the current page', () => {
    expect(getEllipsisPageItems(1, 20)).toEqual([1, 2, 3, ELLIPSIS, 19, 20]);
    expect(getEllipsisPageItems(10, 20)).toEqual([1, 2, 3, ELLIPSIS, 8, 9, 10, 11, 12, ELLIPSIS, 19, 20]);
    expect(getEllipsisPageItems(20, 20)).toEqual([1, 2, 3, ELLIPSIS, 18, 19, 20]);
  });

  it('joins the start and the current neighbourhood without an ellipsis', () => {
    expect(getEllipsisPageItems(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, ELLIPSIS, 19, 20]);
  });
});

describe('formatResultCount', () => {
  it('says how many results a list found, capped counts included', () => {
    expect(formatResultCount(0)).toBe('Aucun résultat');
    expect(formatResultCount(1)).toBe('1 résultat');
    expect(formatResultCount(42)).toBe('42 résultats');
    expect(formatResultCount(1000, true)).toMatch(/^plus de 1\s000 résultats$/);
  });
});
