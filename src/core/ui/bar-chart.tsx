import { useId, type ReactNode } from 'react';
import { formatFigure } from '@/core/format';

/** One bar: its label, value and (vertical charts) a tooltip and a second label line. */
export interface BarDatum {
  label: string;
  value: number;
  /** Shown on hover (vertical charts). */
  tooltip?: string;
  /** Vertical charts: a second line under the label (the year under the month). */
  subLabel?: string;
}

export interface BarChartProps {
  title: string;
  data: readonly BarDatum[];
  /** 'horizontal': labelled rows (small figures); 'vertical': columns over an axis (a series). */
  orientation?: 'horizontal' | 'vertical';
  /** One colour per bar (cycled). */
  colours?: readonly string[];
  /** Added to the image's accessible name (a summary of the figures). */
  description?: string;
  /** The visually hidden table: headings and rows; by default the labels and values. */
  table?: { columns: readonly string[]; rows: readonly (readonly (string | number)[])[] };
  testId?: string;
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

/** Columns of a vertical chart in a width × height plot area (pure, tested). */
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

const TEXT = '#212529';
const MUTED = '#495057';

function horizontalChart({
  data,
  colours,
}: Pick<BarChartProps, 'data'> & { colours: readonly string[] }) {
  // The figure after the longest bar has room for its characters (a digit of this text is about
  // 7 units wide): a million licences' 6 and 7 digits were cut to their first 4.
  const digits = Math.max(...data.map((d) => formatFigure(d.value).length));
  const [width, row, label, value] = [320, 34, 96, Math.max(36, 12 + 7 * digits)];
  const max = Math.max(1, ...data.map((d) => d.value));
  const barSpace = width - label - value;
  return {
    viewBox: `0 0 ${width} ${data.length * row + 8}`,
    maxWidth: width * 1.5,
    content: data.map((d, i) => {
      const y = i * row + 4;
      const w = d.value === 0 ? 0 : Math.max(3, (d.value / max) * barSpace);
      return (
        <g key={d.label} aria-hidden="true">
          <text x={0} y={y + 19} fontSize={12} fill={TEXT}>
            {d.label}
          </text>
          <rect
            x={label}
            y={y + 4}
            width={w}
            height={row - 12}
            rx={3}
            fill={colours[i % colours.length]}
          />
          <text x={label + w + 6} y={y + 19} fontSize={12} fill={TEXT}>
            {formatFigure(d.value)}
          </text>
        </g>
      );
    }),
  };
}

// Text in viewBox units, sized to stay readable when a narrow card scales the chart down.
const V = { width: 520, height: 220, top: 12, right: 12, bottom: 42, left: 44 };

function verticalChart({
  data,
  colours,
}: Pick<BarChartProps, 'data'> & { colours: readonly string[] }) {
  const plotW = V.width - V.left - V.right;
  const plotH = V.height - V.top - V.bottom;
  const values = data.map((d) => d.value);
  const max = niceMax(Math.max(0, ...values));
  const bars = barLayout(values, plotW, plotH, max);
  // Whole numbers only: a halfway line only when it falls on a whole number.
  const ticks = max % 2 === 0 ? [0, max / 2, max] : [0, max];
  return {
    viewBox: `0 0 ${V.width} ${V.height}`,
    maxHeight: '260px',
    content: (
      <g transform={`translate(${V.left},${V.top})`}>
        {ticks.map((t) => {
          const y = plotH - (t / max) * plotH;
          return (
            <g key={t}>
              <line x1={0} x2={plotW} y1={y} y2={y} stroke="#dee2e6" />
              <text x={-8} y={y + 5} textAnchor="end" fontSize="14" fill={MUTED}>
                {formatFigure(t)}
              </text>
            </g>
          );
        })}
        {bars.map((b, i) => {
          const d = data[i];
          if (!d) return null;
          const x = b.x + b.width / 2;
          return (
            <g key={`${d.label}-${i}`}>
              <rect
                x={b.x}
                y={b.y}
                width={b.width}
                height={b.height}
                fill={colours[i % colours.length]}
                rx={2}
              >
                {d.tooltip ? <title>{d.tooltip}</title> : null}
              </rect>
              <text x={x} y={plotH + 17} textAnchor="middle" fontSize="13" fill={MUTED}>
                {d.label}
              </text>
              {d.subLabel ? (
                <text x={x} y={plotH + 34} textAnchor="middle" fontSize="13" fill={MUTED}>
                  {d.subLabel}
                </text>
              ) : null}
            </g>
          );
        })}
      </g>
    ),
  };
}

/**
 * A bar chart in plain SVG (no chart library: a few hundred bytes). The SVG is one image named
 * by its title (and description); the same figures are in a visually hidden table for screen
 * readers and for copying.
 */
export function BarChart({
  title,
  data,
  orientation = 'horizontal',
  colours = ['#0d6efd'],
  description,
  table = { columns: [], rows: data.map((d) => [d.label, formatFigure(d.value)]) },
  testId,
}: BarChartProps) {
  const id = useId();
  const chart =
    orientation === 'horizontal'
      ? horizontalChart({ data, colours })
      : verticalChart({ data, colours });
  const labelledBy = description ? `${id}-title ${id}-desc` : `${id}-title`;
  let head: ReactNode = null;
  if (table.columns.length > 0) {
    head = (
      <thead>
        <tr>
          {table.columns.map((c) => (
            <th key={c} scope="col">
              {c}
            </th>
          ))}
        </tr>
      </thead>
    );
  }
  return (
    // Issue 17: the hidden table stays inside the figure (its containing block), under the
    // chart: it had made a phone's page scroll sideways.
    <figure className="mb-0 position-relative">
      <figcaption id={`${id}-title`} className="fw-semibold mb-2">
        {title}
      </figcaption>
      <svg
        className="d-block"
        viewBox={chart.viewBox}
        width="100%"
        role="img"
        aria-labelledby={labelledBy}
        data-testid={testId}
        style={'maxWidth' in chart ? { maxWidth: chart.maxWidth } : { maxHeight: chart.maxHeight }}
      >
        {description ? <desc id={`${id}-desc`}>{description}</desc> : null}
        {chart.content}
      </svg>
      {/* A table is never narrower than its content, whatever its width says: the 1 px box that
          clips it is a div around it. */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          {head}
          <tbody>
            {table.rows.map(([first, ...rest], i) => (
              <tr key={`${String(first)}-${i}`}>
                <th scope="row">{first}</th>
                {rest.map((cell, j) => (
                  <td key={j}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
