import type { Plan } from '@dossier/db';
import { type RateState, retryAfterSeconds } from './rate-limit.js';

export const planNames: Record<Plan, string> = {
  free: 'Free',
  starter: 'Starter',
  agency: 'Agency',
  enterprise: 'Enterprise',
};

/** Which limit stopped a request: the organization's plan or the key's own cap. */
export type LimitedBy = 'plan' | 'key';

/** A rate-limit answer with which limit it is and its window. */
export interface LimitOutcome extends RateState {
  by: LimitedBy;
  windowSeconds: number;
}

/**
 * The one 429 sentence for both doors: which limit, how many requests a minute, how long to
 * wait. "Free plan: 10 requests a minute; retry in 42 s."
 */
export function rateLimitMessage(state: RateState & Partial<LimitOutcome>, plan: Plan): string {
  const which = state.by === 'key' ? "This key's own limit" : `${planNames[plan]} plan`;
  const unit = state.limit === 1 ? 'request' : 'requests';
  const window = (state.windowSeconds ?? 60) === 60 ? 'a minute' : `every ${state.windowSeconds} s`;
  return `${which}: ${state.limit} ${unit} ${window}; retry in ${retryAfterSeconds(state)} s.`;
}
