import type { MonthCount } from '@kwanza/contract';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Box, Card, Center, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { CHART_COLOR_VARIABLES } from '../../../lib/chart-colors';
import { formatNumber, formatShortMonthYear } from '../../../lib/format';

/** The doughnut's palette: 5 colours, one per top category, each at 3:1 on its card (see theme.ts). */
export const CATEGORY_COLORS = CHART_COLOR_VARIABLES;

/** Axis labels in the readable secondary text colour. */
const AXIS_TEXT = 'var(--mantine-color-dimmed)';

/*
 * Every chart is a figure named by its heading. The drawing itself is hidden from assistive
 * technology and out of the Tab order (Recharts' keyboard layer off): its data is given as text, a
 * visible summary (figcaption) plus a table for screen readers, or the doughnut's legend with values.
 */
function ChartCard({
  title,
  caption,
  children,
}: {
  title: string;
  caption?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card withBorder radius="md" padding="md" component="figure" aria-labelledby={titleId} m={0}>
      <Title order={2} size="h4" mb="md" id={titleId}>
        {title}
      </Title>
      {children}
      {caption ? (
        <Text size="sm" c="dimmed" mt="sm" component="figcaption">
          {caption}
        </Text>
      ) : null}
    </Card>
  );
}

interface MonthPoint {
  month: string;
  count: number;
}

function toChartData(months: MonthCount[]): MonthPoint[] {
  return months.map((entry) => ({ month: formatShortMonthYear(entry.month), count: entry.count }));
}

/** 'Total sur la période : 345 ; le plus haut : mars 2026 (45).' */
export function summarizeMonths(points: readonly MonthPoint[]): string {
  if (points.length === 0) return 'Aucune donnée sur la période.';
  const total = points.reduce((sum, point) => sum + point.count, 0);
  const highest = points.reduce((best, point) => (point.count > best.count ? point : best));
  return `Total sur la période : ${formatNumber(total)} ; le plus haut : ${highest.month} (${formatNumber(highest.count)}).`;
}

/** The chart's data for screen readers: one row per month. */
function MonthTable({ caption, label, points }: { caption: string; label: string; points: MonthPoint[] }) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Mois</th>
            <th scope="col">{label}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.month}>
              <th scope="row">{point.month}</th>
              <td>{formatNumber(point.count)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

export function RegistrationsChart({ months }: { months: MonthCount[] }) {
  const points = toChartData(months);
  return (
    <ChartCard title="Inscriptions par mois" caption={summarizeMonths(points)}>
      <Box aria-hidden>
        <LineChart
          h={260}
          data={points}
          dataKey="month"
          series={[{ name: 'count', label: 'Inscriptions', color: CHART_COLOR_VARIABLES[0] ?? 'blue.7' }]}
          curveType="monotone"
          withDots
          tickLine="none"
          textColor={AXIS_TEXT}
          accessibilityLayer={false}
          yAxisProps={{ allowDecimals: false }}
        />
      </Box>
      <MonthTable caption="Inscriptions par mois" label="Inscriptions" points={points} />
    </ChartCard>
  );
}

export function NewProjectsChart({ months }: { months: MonthCount[] }) {
  const points = toChartData(months);
  return (
    <ChartCard title="Nouveaux projets par mois" caption={summarizeMonths(points)}>
      <Box aria-hidden>
        <BarChart
          h={260}
          data={points}
          dataKey="month"
          series={[{ name: 'count', label: 'Nouveaux projets', color: CHART_COLOR_VARIABLES[1] ?? 'teal.7' }]}
          tickLine="none"
          textColor={AXIS_TEXT}
          accessibilityLayer={false}
          yAxisProps={{ allowDecimals: false }}
        />
      </Box>
      <MonthTable caption="Nouveaux projets par mois" label="Nouveaux projets" points={points} />
    </ChartCard>
  );
}

/** '42 %' of the total, rounded. */
function shareOf(value: number, total: number): string {
  return `${formatNumber(total === 0 ? 0 : Math.round((value / total) * 100))} %`;
}

export function TopCategoriesChart({
  categories,
}: {
  categories: { category__name: string; count: number }[];
}) {
  const data = categories.slice(0, CATEGORY_COLORS.length).map((category, index) => ({
    name: category.category__name,
    value: category.count,
    color: CATEGORY_COLORS[index] ?? 'gray.7',
  }));
  const total = data.reduce((sum, entry) => sum + entry.value, 0);
  return (
    <ChartCard title="Top catégories">
      {data.length === 0 ? (
        <Center h={260}>
          <Text c="dimmed">Aucune catégorie</Text>
        </Center>
      ) : (
        <Group justify="center" align="center" gap="xl" wrap="wrap">
          <Box aria-hidden>
            <DonutChart
              data={data}
              size={200}
              thickness={30}
              withLabelsLine
              withLabels
              withTooltip
              accessibilityLayer={false}
              pieProps={{ rootTabIndex: -1 }}
              h={260}
            />
          </Box>
          {/* The legend, with each category's projects: the doughnut's data as text. */}
          <Stack component="ul" gap="xs" aria-label="Légende" p={0} m={0} style={{ listStyle: 'none' }}>
            {data.map((entry) => (
              <Group key={entry.name} component="li" gap="xs" wrap="nowrap">
                <Box w={12} h={12} bg={entry.color} style={{ borderRadius: 2, flexShrink: 0 }} aria-hidden />
                <Text size="sm">
                  {entry.name} : {formatNumber(entry.value)} projet{entry.value > 1 ? 's' : ''} (
                  {shareOf(entry.value, total)})
                </Text>
              </Group>
            ))}
          </Stack>
        </Group>
      )}
    </ChartCard>
  );
}
