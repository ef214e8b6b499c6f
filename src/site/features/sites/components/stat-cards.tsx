export interface Stat {
  label: string;
  value: string | number;
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
              <div className="fs-4 fw-semibold">{s.value}</div>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
