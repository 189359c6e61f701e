/**
 * The dashboard's chart colours, in order (the doughnut's five categories; lines and bars take the
 * first two). app/theme.ts sets each one, per colour scheme, at a shade reaching 3:1 on its card.
 */
export const CHART_PALETTES = ['blue', 'teal', 'orange', 'grape', 'red'] as const;

/** `var(--app-chart-1)`…: the chart colours of the current scheme. */
export const CHART_COLOR_VARIABLES: readonly string[] = CHART_PALETTES.map(
  (_name, index) => `var(--app-chart-${index + 1})`,
);
