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
export function progressReporter(stream: NodeJS.WriteStream = process.stderr, everyMs = 5000) {
  let lastLine = 0;
  return {
    update(p: ingest.ImportProgress) {
      const rate = p.rows / Math.max(p.elapsedMs / 1000, 0.001);
      const fraction = p.totalBytes ? Math.min(1, p.bytes / p.totalBytes) : 0;
      const left = fraction > 0 ? (p.elapsedMs / 1000) * ((1 - fraction) / fraction) : Number.NaN;
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
