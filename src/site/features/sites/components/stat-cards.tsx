import { formatFigure } from '@/core/format';

export interface Stat {
  label: string;
  value: number;
  /** Decimal places shown (default 0). */
  decimals?: number;
}

/** A row of figures (counts) at the top of a dashboard. */
export function StatCards({ stats, label }: { stats: readonly Stat[]; label: string }) {
  return (
    <ul className="row row-cols-2 row-cols-md-4 g-3 list-unstyled mb-4" aria-label={label}>
      {stats.map((s) => (
        <li key={s.label} className="col">
          <div className="card h-100">
            <div className="card-body py-2">
              <div className="small text-body-secondary">{s.label}</div>
              {/* One line: a figure never breaks inside ('1,622,231.' over '6' on a phone); its
                  size follows the screen's width down to 1 rem. */}
              <div
                className="fw-semibold text-nowrap"
                style={{ fontSize: 'clamp(1rem, 4.5vw, 1.5rem)' }}
              >
                {formatFigure(s.value, s.decimals)}
              </div>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
