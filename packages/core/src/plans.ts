import type { Plan } from '@dossier/db';

/** Requests per minute per organization, across all its keys and both doors (the plans table in the README). */
export const planRateLimits: Record<Plan, number> = {
  free: 10,
  starter: 30,
  agency: 1000,
  enterprise: 5000,
};

/** Seats per plan; null is unlimited. */
export const planSeats: Record<Plan, number | null> = {
  free: 1,
  starter: 1,
  agency: 5,
  enterprise: null,
};
