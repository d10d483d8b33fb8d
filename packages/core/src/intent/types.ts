export const intentTypes = ['surge', 'hiring', 'job_change'] as const;
export type IntentType = (typeof intentTypes)[number];

/** Parsed query filters; `since` differs per type (a week of surge, 30 days of hiring and job changes). */
export interface IntentFilters {
  types: IntentType[];
  /** null: every company. */
  companyIds: string[] | null;
  /** null: every topic (narrows surge only). */
  topics: string[] | null;
  since: Record<IntentType, Date>;
  until: Date;
  minScore: number;
}

export interface IntentItem {
  type: IntentType;
  company: { id: string; domain: string; name: string };
  topic?: string;
  score: number;
  trend?: number;
  evidence: Record<string, unknown>;
  person?: {
    id: string;
    name: string;
    from_company: { id: string; domain: string; name: string } | null;
    to_company: { id: string; domain: string; name: string } | null;
    old_title: string | null;
    new_title: string | null;
    is_promotion: boolean;
    confidence: number;
  };
  detected_at: string;
}
