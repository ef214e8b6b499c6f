import { useId } from 'react';
import type { ChartDatum } from './stats';

export interface BarChartProps {
  title: string;
  data: readonly ChartDatum[];
  /** One colour per bar (cycled). */
  colours?: readonly string[];
}

const WIDTH = 320;
const ROW = 34;
const LABEL = 96;
const VALUE = 36;

/**
 * A small horizontal bar chart in plain SVG (no chart library: a few hundred bytes). The SVG is
 * one image named by its title; the same figures are in a visually hidden table for screen
 * readers and for copying.
 */
export function BarChart({ title, data, colours = ['#0d6efd'] }: BarChartProps) {
  const id = useId();
  const max = Math.max(1, ...data.map((d) => d.value));
  const height = data.length * ROW + 8;
  const barSpace = WIDTH - LABEL - VALUE;
  return (
    <figure className="mb-0">
      <figcaption id={`${id}-title`} className="fw-semibold mb-2">
        {title}
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-title`}
        style={{ maxWidth: WIDTH * 1.5 }}
      >
        {data.map((d, i) => {
          const y = i * ROW + 4;
          const w = d.value === 0 ? 0 : Math.max(3, (d.value / max) * barSpace);
          return (
            <g key={d.label} aria-hidden="true">
              <text x={0} y={y + 19} fontSize={12} fill="#212529">
                {d.label}
              </text>
              <rect
                x={LABEL}
                y={y + 4}
                width={w}
                height={ROW - 12}
                rx={3}
                fill={colours[i % colours.length]}
              />
              <text x={LABEL + w + 6} y={y + 19} fontSize={12} fill="#212529">
                {d.value}
              </text>
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <tbody>
          {data.map((d) => (
            <tr key={d.label}>
              <th scope="row">{d.label}</th>
              <td>{d.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
