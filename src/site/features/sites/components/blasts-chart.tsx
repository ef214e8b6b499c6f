import { useId } from 'react';
import type { MonthCount } from '@/contract/data/dashboard';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM' → 'Mon YYYY'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-');
  return `${MONTHS[Number(m) - 1] ?? m ?? ''} ${y ?? ''}`.trim();
}

/** A 'nice' axis maximum (1, 2, 5 × 10^n) at or above the largest value; at least 1. */
export function niceMax(value: number): number {
  if (value <= 1) return 1;
  const pow = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((m) => m * pow).find((m) => m >= value) ?? 10 * pow;
}

export interface BarLayout {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Bars of the chart in a width × height plot area (pure, tested). */
export function barLayout(
  values: readonly number[],
  width: number,
  height: number,
  max: number,
): BarLayout[] {
  const slot = values.length === 0 ? 0 : width / values.length;
  const barWidth = slot * 0.7;
  return values.map((v, i) => {
    const h = max <= 0 ? 0 : (Math.max(0, v) / max) * height;
    return { x: i * slot + (slot - barWidth) / 2, y: height - h, width: barWidth, height: h };
  });
}

const W = 520;
const H = 220;
// Text in viewBox units, sized to stay readable when a narrow card scales the chart down.
const M = { top: 12, right: 12, bottom: 42, left: 44 };

/**
 * Blasts per month as an SVG bar chart (no chart library): the image has a text alternative, and
 * the same numbers are in a table for screen readers.
 */
export function BlastsChart({ months, title }: { months: readonly MonthCount[]; title: string }) {
  const id = useId();
  const plotW = W - M.left - M.right;
  const plotH = H - M.top - M.bottom;
  const values = months.map((m) => m.blasts);
  const max = niceMax(Math.max(0, ...values));
  const bars = barLayout(values, plotW, plotH, max);
  const total = values.reduce((a, b) => a + b, 0);
  // Whole blasts only: a halfway line only when it falls on a whole number.
  const ticks = max % 2 === 0 ? [0, max / 2, max] : [0, max];
  const description =
    months.length === 0
      ? 'No months to show.'
      : `${total} blasts from ${monthLabel(months[0]?.month ?? '')} to ${monthLabel(months.at(-1)?.month ?? '')}.`;
  return (
    <figure className="mb-0">
      <figcaption id={`${id}-title`} className="fw-semibold mb-2">
        {title}
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        data-testid="blasts-chart"
        style={{ maxHeight: '260px' }}
      >
        <desc id={`${id}-desc`}>{description}</desc>
        <g transform={`translate(${M.left},${M.top})`}>
          {ticks.map((t) => {
            const y = plotH - (t / max) * plotH;
            return (
              <g key={t}>
                <line x1={0} x2={plotW} y1={y} y2={y} stroke="#dee2e6" />
                <text x={-8} y={y + 5} textAnchor="end" fontSize="14" fill="#495057">
                  {t}
                </text>
              </g>
            );
          })}
          {bars.map((b, i) => {
            const m = months[i];
            if (!m) return null;
            return (
              <g key={m.month}>
                <rect x={b.x} y={b.y} width={b.width} height={b.height} fill="#0d6efd" rx={2}>
                  <title>{`${monthLabel(m.month)}: ${m.blasts} blasts, ${m.holes} holes`}</title>
                </rect>
                <text
                  x={b.x + b.width / 2}
                  y={plotH + 17}
                  textAnchor="middle"
                  fontSize="13"
                  fill="#495057"
                >
                  {monthLabel(m.month).slice(0, 3)}
                </text>
                {i === 0 || m.month.endsWith('-01') ? (
                  <text
                    x={b.x + b.width / 2}
                    y={plotH + 34}
                    textAnchor="middle"
                    fontSize="13"
                    fill="#495057"
                  >
                    {m.month.slice(0, 4)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </g>
      </svg>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Blasts</th>
            <th scope="col">Holes</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month}>
              <th scope="row">{monthLabel(m.month)}</th>
              <td>{m.blasts}</td>
              <td>{m.holes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
