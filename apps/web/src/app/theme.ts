import {
  CloseButton,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  type MantineColorsTuple,
  Tooltip,
  type VariantColorsResolver,
} from '@mantine/core';
import { CHART_PALETTES } from '../lib/chart-colors';

/*
 * The console's theme, built for WCAG 2.2 AA (issue 15): every text, badge and button meets 4.5:1
 * against what it sits on, in light and dark schemes, so screens inherit contrast instead of fixing
 * it one by one.
 */

const WHITE = '#ffffff';
const BLACK = '#000000';
/** Minimum contrast of normal text (WCAG 1.4.3, level AA). */
export const MIN_TEXT_CONTRAST = 4.5;
/** Minimum contrast of the parts of a control that identify it and its state (WCAG 1.4.11, level AA). */
export const MIN_NON_TEXT_CONTRAST = 3;

function luminance(hex: string): number {
  const value = hex.replace('#', '');
  const channels = [0, 2, 4].map((offset) => Number.parseInt(value.slice(offset, offset + 2), 16) / 255);
  const [r = 0, g = 0, b = 0] = channels.map((channel) =>
    channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4,
  );
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * A filled surface of a palette: the first shade from 6 to 9 on which white text reaches AA, else
 * shade 6 with black text (yellow, lime, green…: no shade of those carries white text).
 */
export function filledColors(palette: MantineColorsTuple): {
  background: string;
  hover: string;
  text: string;
} {
  for (let shade = 6; shade <= 9; shade += 1) {
    const background = palette[shade] ?? palette[9];
    if (contrastRatio(background, WHITE) >= MIN_TEXT_CONTRAST) {
      return { background, hover: palette[Math.min(shade + 1, 9)] ?? background, text: WHITE };
    }
  }
  return { background: palette[6], hover: palette[5], text: BLACK };
}

/** Text of a light (tinted) badge or button: the palette's darkest shade, darkened until it reaches AA. */
export function lightTextColor(palette: MantineColorsTuple, background: string): string {
  let shade = 7;
  while (shade < 9 && contrastRatio(palette[shade] ?? palette[9], background) < MIN_TEXT_CONTRAST) shade += 1;
  const candidate = palette[shade] ?? palette[9];
  return contrastRatio(candidate, background) >= MIN_TEXT_CONTRAST ? candidate : mixWithBlack(candidate, 0.4);
}

function mixWithBlack(hex: string, amount: number): string {
  const value = hex.replace('#', '');
  const parts = [0, 2, 4].map((offset) =>
    Math.round(Number.parseInt(value.slice(offset, offset + 2), 16) * (1 - amount))
      .toString(16)
      .padStart(2, '0'),
  );
  return `#${parts.join('')}`;
}

/**
 * The colour of a control's boundary (field, checkbox, radio and switch borders, focus ring): the first
 * shade, in the order given, that reaches 3:1 against every surface the control sits on or contains.
 */
export function nonTextColor(
  palette: MantineColorsTuple,
  surfaces: readonly string[],
  shades: readonly number[],
): string {
  const reaches = (color: string) =>
    surfaces.every((surface) => contrastRatio(color, surface) >= MIN_NON_TEXT_CONTRAST);
  const found = shades.map((shade) => palette[shade] ?? palette[9]).find(reaches);
  if (!found) throw new Error('Aucune nuance ne contraste à 3:1 avec ces surfaces');
  return found;
}

/** Light scheme: fields on white, cards on white, the page on gray.0 (lightest passing shade first). */
const LIGHT_SURFACES = [WHITE, DEFAULT_THEME.colors.gray[0]] as const;
/** Dark scheme: fields on dark.6, cards and dialogs on dark.7, the page on dark.8. */
const DARK_SURFACES = [
  DEFAULT_THEME.colors.dark[6],
  DEFAULT_THEME.colors.dark[7],
  DEFAULT_THEME.colors.dark[8],
] as const;
/** Shades tried in order: the lightest grays that pass on light surfaces, the darkest on dark ones. */
const GRAY_SHADES_ON_LIGHT = [4, 5, 6, 7, 8, 9];
const DARK_SHADES_ON_DARK = [4, 3, 2, 1, 0];
/** The accent: the primary filled shade (7) or darker on light, the darkest that passes on dark. */
const ACCENT_SHADES_ON_LIGHT = [7, 8, 9];
const ACCENT_SHADES_ON_DARK = [9, 8, 7, 6, 5, 4, 3, 2, 1, 0];

/**
 * Boundaries of fields and toggles (`border`), and the focus ring and checked toggles (`accent`), in
 * each scheme (used by global.css).
 */
export function controlColors(colors: Record<string, MantineColorsTuple>, primary: string) {
  const gray = colors.gray ?? DEFAULT_THEME.colors.gray;
  const dark = colors.dark ?? DEFAULT_THEME.colors.dark;
  const accent = colors[primary] ?? DEFAULT_THEME.colors.indigo;
  return {
    light: {
      border: nonTextColor(gray, LIGHT_SURFACES, GRAY_SHADES_ON_LIGHT),
      accent: nonTextColor(accent, LIGHT_SURFACES, ACCENT_SHADES_ON_LIGHT),
    },
    dark: {
      border: nonTextColor(dark, DARK_SURFACES, DARK_SHADES_ON_DARK),
      accent: nonTextColor(accent, DARK_SURFACES, ACCENT_SHADES_ON_DARK),
    },
  };
}

/**
 * Each chart colour at the first shade from 6 reaching 3:1 against the card it is drawn on (white, or
 * dark.7), so that lines, bars and doughnut segments stand out (WCAG 1.4.11).
 */
export function chartColors(colors: Record<string, MantineColorsTuple>) {
  const palette = (name: string) => colors[name] ?? DEFAULT_THEME.colors.gray;
  return {
    light: CHART_PALETTES.map((name) => nonTextColor(palette(name), [WHITE], [6, 7, 8, 9])),
    dark: CHART_PALETTES.map((name) =>
      nonTextColor(palette(name), [DEFAULT_THEME.colors.dark[7]], [6, 5, 4, 3, 2, 1, 0]),
    ),
  };
}

function chartVariables(values: readonly string[]): Record<string, string> {
  return Object.fromEntries(values.map((value, index) => [`--app-chart-${index + 1}`, value]));
}

const variantColorResolver: VariantColorsResolver = (input) => {
  const defaults = defaultVariantColorsResolver(input);
  const name = input.color ?? input.theme.primaryColor;
  // Only named palettes ('red', 'indigo'…); explicit colours and shades keep Mantine's rendering.
  const palette = input.theme.colors[name];
  if (!palette) return defaults;
  if (input.variant === 'filled') {
    const filled = filledColors(palette);
    return { ...defaults, background: filled.background, hover: filled.hover, color: filled.text };
  }
  if (input.variant === 'light' || input.variant === 'subtle' || input.variant === 'outline') {
    // Light variants are drawn on shade 1 (shade 2 when hovered): the text must read on both.
    const text = lightTextColor(palette, palette[2]);
    return {
      ...defaults,
      color: `light-dark(${text}, ${defaults.color})`,
      ...(input.variant === 'outline' ? { border: `1px solid light-dark(${text}, ${palette[4]})` } : {}),
    };
  }
  return defaults;
};

/** `c="green"`-style text of every palette, dark enough to read on white and on the gray page. */
function paletteTextColors(
  colors: Record<string, MantineColorsTuple>,
  surface: string,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(colors).map(([name, palette]) => [
      `--mantine-color-${name}-text`,
      lightTextColor(palette, surface),
    ]),
  );
}

const cssVariablesResolver: CSSVariablesResolver = (theme) => {
  const controls = controlColors(theme.colors, theme.primaryColor);
  const charts = chartColors(theme.colors);
  return {
    variables: {},
    light: {
      // Field, checkbox, radio and switch boundaries, and the focus ring, at 3:1 at least (global.css).
      '--app-control-border': controls.light.border,
      '--app-control-accent': controls.light.accent,
      ...chartVariables(charts.light),
      // Behind the screens' cards: a light gray page under white cards, a darker page under dark ones.
      '--app-page-background': theme.colors.gray[0],
      ...paletteTextColors(theme.colors, theme.colors.gray[1]),
      // Secondary text ('dimmed') and placeholders readable on white and on the gray page background.
      '--mantine-color-dimmed': theme.colors.gray[7],
      '--mantine-color-placeholder': theme.colors.gray[7],
      // Links and anchors in the primary colour at a shade that reaches AA on white.
      '--mantine-color-anchor': theme.colors[theme.primaryColor]?.[8] ?? DEFAULT_THEME.colors.indigo[8],
      // Field error messages and invalid borders (red.6 is 3.3:1 on white; red.8 is 5.6:1).
      '--mantine-color-error': theme.colors.red[8],
    },
    dark: {
      '--app-control-border': controls.dark.border,
      '--app-control-accent': controls.dark.accent,
      ...chartVariables(charts.dark),
      '--app-page-background': theme.colors.dark[8],
      '--mantine-color-dimmed': theme.colors.dark[1],
      '--mantine-color-placeholder': theme.colors.dark[1],
      '--mantine-color-anchor': theme.colors[theme.primaryColor]?.[3] ?? DEFAULT_THEME.colors.indigo[3],
    },
  };
};

const CLOSE_BUTTON_LABEL = { 'aria-label': 'Fermer' };

export const theme = createTheme({
  primaryColor: 'indigo',
  // indigo.7 carries white text at 4.98:1 (shade 6 only 4.32:1).
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '600' },
  cursorType: 'pointer',
  focusRing: 'auto',
  variantColorResolver,
  components: {
    // Every close button (dialogs, notifications, drawers) is announced as 'Fermer'.
    CloseButton: CloseButton.extend({ defaultProps: CLOSE_BUTTON_LABEL }),
    // A tooltip shows on keyboard focus as on hover (the reduced sidebar's labels, icon buttons' hints).
    Tooltip: Tooltip.extend({ defaultProps: { events: { hover: true, focus: true, touch: false } } }),
  },
});

export { cssVariablesResolver };
