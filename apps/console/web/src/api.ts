// The shapes the console API answers with, shared with the server (type-only: nothing of it is bundled).

import type { KeySummary } from '@dossier/access';
import type { AuditEntry, RequestLogEntry, UsageReport } from '@dossier/accounts';

export type { AuditEntry, KeySummary, RequestLogEntry };
export type Totals = UsageReport['totals'];

/** A failed console API call: status, the server's code and message, and per-field issues. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
  /** The server wants the password again before this action. */
  get needsReauth() {
    return this.status === 403 && this.issues.some((i) => i.path === 'reauth');
  }
  fieldErrors(): Record<string, string> {
    const out: Record<string, string> = {};
    for (const issue of this.issues) {
      const key = issue.path.split('.')[0] ?? '';
      if (key && !out[key]) out[key] = issue.message;
    }
    return out;
  }
}

/** Fired when any call finds the session gone, so the app can return to sign-in. */
export const sessionEnded = new EventTarget();

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`/console/api${path}`, {
    method,
    credentials: 'same-origin',
    headers: method === 'GET' ? { accept: 'application/json' } : { 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    const error = new ApiError(
      res.status,
      data?.error ?? 'error',
      data?.message ?? `Request failed (${res.status})`,
      data?.issues ?? [],
    );
    if (res.status === 401 && path !== '/auth/sign-in' && path !== '/auth/reauth') {
      sessionEnded.dispatchEvent(new Event('ended'));
    }
    throw error;
  }
  return data as T;
}

export const api = {
  get: <T>(path: string) => call<T>('GET', path),
  post: <T>(path: string, body?: unknown) => call<T>('POST', path, body),
  patch: <T>(path: string, body?: unknown) => call<T>('PATCH', path, body),
  del: <T>(path: string) => call<T>('DELETE', path),
};

export type Role = 'owner' | 'admin' | 'developer' | 'viewer';
export type Plan = 'free' | 'starter' | 'agency' | 'enterprise';

export interface Me {
  user: { id: string; email: string; name: string | null };
  session: { expires_at: string; reauth_until: string | null };
  organizations: { id: string; name: string; plan: Plan; role: Role }[];
}

export interface Org {
  id: string;
  name: string;
  plan: Plan;
  role: Role;
  seats: number | null;
  seats_used: number;
  invitations_pending: number;
  rate_limit_per_minute: number;
  reveal_enabled: boolean;
  /** The server sends invitation emails (SMTP configured). */
  email_enabled: boolean;
}

export interface Project {
  id: string;
  name: string;
  created_at: string;
}

/** The usage report, with the current minute against the plan's limit. */
export interface Usage extends UsageReport {
  current_minute: { used: number; limit: number; plan: Plan };
}

export interface Members {
  members: { user_id: string; email: string; name: string | null; role: Role; joined_at: string }[];
  invitations: { id: string; email: string; role: Role; expires_at: string; created_at: string }[];
  plan: Plan;
  seats: number | null;
  seats_used: number;
  invitations_pending: number;
}

/** A new invitation: its link, and whether it was emailed (and if not, why). */
export interface Invitation {
  id: string;
  email: string;
  role: Role;
  expires_at: string;
  link: string;
  email_sent: boolean;
  email_reason?: string;
}

export const planNames: Record<Plan, string> = {
  free: 'Free',
  starter: 'Starter',
  agency: 'Agency',
  enterprise: 'Enterprise',
};
