import type { MonthCount } from '@/contract/data/dashboard';
import { formatFigure, pluralise } from '@/core/format';
import { BarChart } from '@/core/ui/bar-chart';

export { barLayout, niceMax } from '@/core/ui/bar-chart';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM' → 'Mon YYYY'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-');
  return `${MONTHS[Number(m) - 1] ?? m ?? ''} ${y ?? ''}`.trim();
}

/**
 * Blasts per month as columns over an axis: the image says the total and the period, and the
 * same numbers (with the holes) are in a table for screen readers.
 */
export function BlastsChart({ months, title }: { months: readonly MonthCount[]; title: string }) {
  const total = months.reduce((sum, m) => sum + m.blasts, 0);
  const description =
    months.length === 0
      ? 'No months to show.'
      : `${pluralise(total, 'blast')} from ${monthLabel(months[0]?.month ?? '')} to ${monthLabel(months.at(-1)?.month ?? '')}.`;
  return (
    <BarChart
      title={title}
      orientation="vertical"
      description={description}
      testId="blasts-chart"
      data={months.map((m, i) => ({
        label: monthLabel(m.month).slice(0, 3),
        // The year under January and under the first month.
        subLabel: i === 0 || m.month.endsWith('-01') ? m.month.slice(0, 4) : undefined,
        value: m.blasts,
        tooltip: `${monthLabel(m.month)}: ${pluralise(m.blasts, 'blast')}, ${pluralise(m.holes, 'hole')}`,
      }))}
      table={{
        columns: ['Month', 'Blasts', 'Holes'],
        rows: months.map((m) => [
          monthLabel(m.month),
          formatFigure(m.blasts),
          formatFigure(m.holes),
        ]),
      }}
    />
  );
}
