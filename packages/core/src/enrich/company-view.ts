import type { StoredCompany } from '../company/company-json.js';
import type { EnrichField } from './schema.js';

/** The company profile with only the parts `fields` asked for (identity always). */
export function companyView(
  company: StoredCompany,
  fields: ReadonlySet<EnrichField>,
): Partial<StoredCompany> & {
  id: string;
  domain: string;
  name: string;
} {
  // In the order the answer's schema lists them: an answer already in that order is answered as
  // it is (runOperation's output check), any other is copied into it by zod.
  const view: Partial<StoredCompany> & { id: string; domain: string; name: string } = {
    id: company.id,
    domain: company.domain,
    name: company.name,
    legal_name: company.legal_name,
    description: company.description,
  };
  if (fields.has('industry')) view.industry = company.industry;
  if (fields.has('headcount')) {
    view.employee_count = company.employee_count;
    view.employee_range = company.employee_range;
  }
  if (fields.has('revenue')) view.revenue_range = company.revenue_range;
  view.founded_year = company.founded_year;
  view.type = company.type;
  if (fields.has('location')) {
    view.headquarters = company.headquarters;
    view.locations = company.locations;
  }
  view.phone = company.phone;
  if (fields.has('socials')) view.socials = company.socials;
  view.alias_domains = company.alias_domains;
  view.tags = company.tags;
  if (fields.has('technologies')) view.technologies = company.technologies;
  return view;
}

/** Company-level names `required` can ask for. */
export function companyHas(company: StoredCompany | null, field: string): boolean {
  if (!company) return false;
  switch (field) {
    case 'headcount':
      return company.employee_count != null;
    case 'revenue':
      return company.revenue_range != null;
    case 'industry':
      return company.industry != null;
    case 'technologies':
      return company.technologies.length > 0;
    default:
      return false;
  }
}
