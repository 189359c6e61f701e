import type { MonthCount } from '@kwanza/contract';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import '@mantine/charts/styles.css';
import { Card, Center, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatShortMonthYear } from '../../../lib/format';

/** The doughnut's palette: 5 colours, one per top category. */
export const CATEGORY_COLORS = ['blue.6', 'teal.6', 'yellow.6', 'grape.6', 'red.6'] as const;

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="figure" aria-label={title} m={0}>
      <Title order={2} size="h4" mb="md" component="figcaption">
        {title}
      </Title>
      {children}
    </Card>
  );
}

function toChartData(months: MonthCount[]) {
  return months.map((entry) => ({ month: formatShortMonthYear(entry.month), count: entry.count }));
}

export function RegistrationsChart({ months }: { months: MonthCount[] }) {
  return (
    <ChartCard title="Inscriptions par mois">
      <LineChart
        h={260}
        data={toChartData(months)}
        dataKey="month"
        series={[{ name: 'count', label: 'Inscriptions', color: 'blue.6' }]}
        curveType="monotone"
        withDots
        tickLine="none"
        yAxisProps={{ allowDecimals: false }}
      />
    </ChartCard>
  );
}

export function NewProjectsChart({ months }: { months: MonthCount[] }) {
  return (
    <ChartCard title="Nouveaux projets par mois">
      <BarChart
        h={260}
        data={toChartData(months)}
        dataKey="month"
        series={[{ name: 'count', label: 'Nouveaux projets', color: 'teal.6' }]}
        tickLine="none"
        yAxisProps={{ allowDecimals: false }}
      />
    </ChartCard>
  );
}

export function TopCategoriesChart({
  categories,
}: {
  categories: { category__name: string; count: number }[];
}) {
  const data = categories.slice(0, CATEGORY_COLORS.length).map((category, index) => ({
    name: category.category__name,
    value: category.count,
    color: CATEGORY_COLORS[index] ?? 'gray.6',
  }));
  return (
    <ChartCard title="Top catégories">
      {data.length === 0 ? (
        <Center h={260}>
          <Text c="dimmed">Aucune catégorie</Text>
        </Center>
      ) : (
        <Center>
          <DonutChart data={data} size={200} thickness={30} withLabelsLine withLabels withTooltip h={260} />
        </Center>
      )}
    </ChartCard>
  );
}
