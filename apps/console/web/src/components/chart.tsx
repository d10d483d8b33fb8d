export interface Series {
  label: string;
  values: number[];
  color: string;
}

export const palette = [
  '#2563eb',
  '#dc2626',
  '#16a34a',
  '#9333ea',
  '#ea580c',
  '#0891b2',
  '#be185d',
  '#4d7c0f',
];

const height = 180;
const axis = 44;

/** A round top for the y axis (1, 2, 5 times a power of ten), so ticks are whole counts. */
function niceMax(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/**
 * Daily counts as stacked bars in plain SVG: one bar per day, one colour per series, each
 * segment titled with its day, series and count. The SVG scales to its box (no layout shift);
 * the tables under each chart carry the same numbers for screen readers.
 */
export function DailyChart({ title, days, series }: { title: string; days: string[]; series: Series[] }) {
  const totals = days.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const top = niceMax(Math.max(0, ...totals));
  const width = Math.max(days.length * 16, 320);
  const slot = (width - axis) / Math.max(1, days.length);
  const bar = Math.max(2, slot * 0.7);
  const y = (v: number) => height - (v / top) * (height - 10);
  const labelEvery = Math.ceil(days.length / 8);
  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${width} ${height + 20}`}
        role="img"
        aria-label={title}
        preserveAspectRatio="none"
        data-testid="bar-chart"
      >
        {[0, top / 2, top].map((tick) => (
          <g key={tick}>
            <line x1={axis} x2={width} y1={y(tick)} y2={y(tick)} className="grid" />
            <text x={axis - 6} y={y(tick) + 4} textAnchor="end" className="tick">
              {tick.toLocaleString('en')}
            </text>
          </g>
        ))}
        {days.map((day, i) => {
          let base = 0;
          const x = axis + i * slot + (slot - bar) / 2;
          return (
            <g key={day}>
              {series.map((s) => {
                const v = s.values[i] ?? 0;
                if (v === 0) return null;
                const rect = (
                  <rect
                    key={s.label}
                    x={x}
                    y={y(base + v)}
                    width={bar}
                    height={y(base) - y(base + v)}
                    fill={s.color}
                    data-day={day}
                    data-count={v}
                  >
                    <title>{`${day} · ${s.label}: ${v.toLocaleString('en')}`}</title>
                  </rect>
                );
                base += v;
                return rect;
              })}
              {i % labelEvery === 0 ? (
                <text x={x + bar / 2} y={height + 16} textAnchor="middle" className="tick">
                  {day.slice(5)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="legend">
          {series.map((s) => (
            <li key={s.label}>
              <svg className="swatch" viewBox="0 0 10 10" aria-hidden="true">
                <rect width="10" height="10" fill={s.color} />
              </svg>
              {s.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
