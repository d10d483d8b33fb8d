import type { ingest } from '@dossier/core';

const clock = (seconds: number) => {
  if (!Number.isFinite(seconds)) return '--:--';
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * A progress bar with rows/s and time left on a terminal; a plain line every few seconds
 * otherwise (logs, CI), so a pipe is never filled with carriage returns.
 */
/** How far back the rate behind the time left looks: long enough to smooth batches, short enough to follow a slowdown. */
const WINDOW_MS = 30_000;

/**
 * A progress bar with rows/s and time left on a terminal; a plain line every few seconds
 * otherwise (logs, CI), so a pipe is never filled with carriage returns. The rate and the time left
 * come from the last 30 seconds, not the whole run: an import that slows down shows it at once
 * instead of promising the early rate.
 */
export function progressReporter(stream: NodeJS.WriteStream = process.stderr, everyMs = 5000) {
  // The first batch stored prints at once: a piped run shows that rows are going in.
  let lastLine = Number.NEGATIVE_INFINITY;
  const samples: { ms: number; bytes: number; rows: number }[] = [];
  return {
    update(p: ingest.ImportProgress) {
      samples.push({ ms: p.elapsedMs, bytes: p.bytes, rows: p.rows });
      while (samples.length > 2 && (samples[1] as (typeof samples)[number]).ms <= p.elapsedMs - WINDOW_MS)
        samples.shift();
      const from =
        samples.length > 1 ? (samples[0] as (typeof samples)[number]) : { ms: 0, bytes: 0, rows: 0 };
      const seconds = Math.max((p.elapsedMs - from.ms) / 1000, 0.001);
      const rate = (p.rows - from.rows) / seconds;
      const byteRate = (p.bytes - from.bytes) / seconds;
      const fraction = p.totalBytes ? Math.min(1, p.bytes / p.totalBytes) : 0;
      const left = byteRate > 0 ? (p.totalBytes - p.bytes) / byteRate : Number.NaN;
      const numbers = `${p.rows.toLocaleString('en-US')} rows, ${Math.round(rate).toLocaleString('en-US')} rows/s, ${clock(left)} left`;
      if (stream.isTTY) {
        const width = 30;
        const filled = Math.round(fraction * width);
        stream.write(
          `\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${Math.round(fraction * 100)}% ${numbers}   `,
        );
      } else if (p.elapsedMs - lastLine >= everyMs) {
        lastLine = p.elapsedMs;
        stream.write(`${Math.round(fraction * 100)}% ${numbers}\n`);
      }
    },
    done() {
      if (stream.isTTY) stream.write('\n');
    },
  };
}
