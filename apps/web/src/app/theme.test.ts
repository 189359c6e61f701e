import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import {
  chartColors,
  contrastRatio,
  controlColors,
  filledColors,
  lightTextColor,
  MIN_NON_TEXT_CONTRAST,
  MIN_TEXT_CONTRAST,
  nonTextColor,
} from './theme';

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

  describe('control boundaries and focus ring (non-text contrast, 3:1)', () => {
    const { gray, dark } = DEFAULT_THEME.colors;
    const controls = controlColors(DEFAULT_THEME.colors, 'indigo');

    it("replaces Mantine's gray.4 field borders (1.5:1 on white) by a shade reaching 3:1", () => {
      expect(contrastRatio(gray[4], '#ffffff')).toBeLessThan(MIN_NON_TEXT_CONTRAST);
      for (const surface of ['#ffffff', gray[0]]) {
        expect(contrastRatio(controls.light.border, surface)).toBeGreaterThanOrEqual(MIN_NON_TEXT_CONTRAST);
        expect(contrastRatio(controls.light.accent, surface)).toBeGreaterThanOrEqual(MIN_NON_TEXT_CONTRAST);
      }
    });

    it("replaces Mantine's dark.4 borders and the dark indigo ring by shades reaching 3:1 on dark surfaces", () => {
      expect(contrastRatio(dark[4], dark[7])).toBeLessThan(MIN_NON_TEXT_CONTRAST);
      expect(contrastRatio(DEFAULT_THEME.colors.indigo[8], dark[7])).toBeLessThan(MIN_NON_TEXT_CONTRAST);
      for (const surface of [dark[6], dark[7], dark[8]]) {
        expect(contrastRatio(controls.dark.border, surface)).toBeGreaterThanOrEqual(MIN_NON_TEXT_CONTRAST);
        expect(contrastRatio(controls.dark.accent, surface)).toBeGreaterThanOrEqual(MIN_NON_TEXT_CONTRAST);
      }
    });

    it("keeps a switch's white thumb at 3:1 on its track when it is off", () => {
      expect(contrastRatio('#ffffff', controls.light.border)).toBeGreaterThanOrEqual(MIN_NON_TEXT_CONTRAST);
      expect(contrastRatio('#ffffff', controls.dark.border)).toBeGreaterThanOrEqual(MIN_NON_TEXT_CONTRAST);
    });

    it('takes the first passing shade in the order given, and refuses when none passes', () => {
      expect(nonTextColor(gray, ['#ffffff'], [4, 5, 6, 7])).toBe(gray[6]);
      expect(() => nonTextColor(gray, ['#ffffff'], [0, 1, 2])).toThrow();
    });
  });

  it('draws the five chart colours at 3:1 at least on white and on dark cards', () => {
    const charts = chartColors(DEFAULT_THEME.colors);
    expect(charts.light).toHaveLength(5);
    for (const color of charts.light) {
      expect(contrastRatio(color, '#ffffff')).toBeGreaterThanOrEqual(MIN_NON_TEXT_CONTRAST);
    }
    for (const color of charts.dark) {
      expect(contrastRatio(color, DEFAULT_THEME.colors.dark[7])).toBeGreaterThanOrEqual(
        MIN_NON_TEXT_CONTRAST,
      );
    }
    expect(new Set(charts.light).size).toBe(5);
  });
});
