import { type Org, planNames } from '../api.js';

/** The plan's request limit, shared by every key of the organization, where keys and usage are shown. */
export function PlanLimit({ org }: { org: Pick<Org, 'plan' | 'rate_limit_per_minute'> }) {
  return (
    <p className="notice" data-testid="plan-limit">
      {planNames[org.plan]} plan: {org.rate_limit_per_minute.toLocaleString('en')} requests a minute for the
      whole organization, shared by all its keys. Over it, requests get 429 with the seconds to wait.
    </p>
  );
}
