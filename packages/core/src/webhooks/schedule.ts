/**
 * Waits after each failed attempt, growing about fourfold then capped: they add up to 25 h 47 min
 * before jitter (jitter only lengthens them), so a receiver down for a day still gets the event.
 */
export const retryDelaysMs = [
  5_000,
  30_000,
  2 * 60_000,
  10 * 60_000,
  30 * 60_000,
  60 * 60_000,
  2 * 3_600_000,
  4 * 3_600_000,
  8 * 3_600_000,
  10 * 3_600_000,
];

/** Attempts before a delivery is parked as failed (replayable). */
export const maxAttempts = retryDelaysMs.length + 1;

/**
 * When attempt `attempts + 1` may run after `attempts` have failed, with up to 20 % added at
 * random so receivers that come back are not hit by every queued delivery at once.
 */
export const nextAttemptAt = (
  now: Date,
  attempts: number,
  delays: readonly number[] = retryDelaysMs,
  random: () => number = Math.random,
): Date | null => {
  const base = delays[attempts - 1];
  if (base === undefined) return null;
  return new Date(now.getTime() + Math.round(base * (1 + 0.2 * random())));
};
