import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, filledColors, lightTextColor, MIN_TEXT_CONTRAST } from './theme';

const palettes = Object.entries(DEFAULT_THEME.colors) as [string, MantineColorsTuple][];

describe('theme contrast (WCAG AA)', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#ffffff', '#777777')).toBeCloseTo(contrastRatio('#777777', '#ffffff'), 10);
  });

  it.each(palettes)('gives %s filled buttons and badges text that reaches 4.5:1', (_name, palette) => {
    const filled = filledColors(palette);
    expect(contrastRatio(filled.background, filled.text)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it.each(
    palettes,
  )('gives %s light badges and coloured text 4.5:1 on their tint and on the page', (_name, palette) => {
    expect(contrastRatio(lightTextColor(palette, palette[2]), palette[2])).toBeGreaterThanOrEqual(
      MIN_TEXT_CONTRAST,
    );
    const gray = DEFAULT_THEME.colors.gray[1];
    expect(contrastRatio(lightTextColor(palette, gray), gray)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('keeps white text on the primary indigo (shade 7), where shade 6 fails', () => {
    const indigo = DEFAULT_THEME.colors.indigo;
    expect(contrastRatio(indigo[6], '#ffffff')).toBeLessThan(MIN_TEXT_CONTRAST);
    expect(filledColors(indigo)).toMatchObject({ background: indigo[7], text: '#ffffff' });
  });
});
