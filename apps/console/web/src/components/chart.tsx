import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

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

/**
 * Daily counts as lines (uPlot). The box has a fixed height so the page does not shift when the
 * chart appears; the table under each chart carries the same numbers for screen readers.
 */
export function DailyChart({ title, days, series }: { title: string; days: string[]; series: Series[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: el.clientWidth || 600,
        height: 220,
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        // Counts are whole numbers: no 0.2-request ticks.
        axes: [
          {},
          { size: 50, incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1e3, 2e3, 5e3, 1e4, 2e4, 5e4, 1e5, 1e6] },
        ],
        series: [
          {},
          ...series.map((s) => ({ label: s.label, stroke: s.color, width: 2, points: { show: false } })),
        ],
        legend: { show: true },
      },
      [xs, ...series.map((s) => s.values)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: 220 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days, series]);
  return <div className="chart" ref={box} role="img" aria-label={title} />;
}
