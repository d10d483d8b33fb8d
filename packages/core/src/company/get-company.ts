import { z } from 'zod';
import { DossierError } from '../errors.js';
import { defineOperation } from '../operation.js';
import { domainParam } from './domain-param.js';
import { findCompanyByDomain } from './find-company.js';
import { companyResponse } from './profile.js';

export const getCompany = defineOperation({
  name: 'get_company',
  title: 'Company profile',
  method: 'GET',
  path: '/v1/company/{domain}',
  summary: 'Full firmographic and technographic profile for a domain',
  description:
    'Returns the company behind a domain: name, industry, headcount and range, revenue range, founded year, ' +
    'headquarters and locations, socials, alias domains, tags and technologies. Any form of the domain works ' +
    '(a URL, `www.`, an alias domain, or a work email address). Use it when you know a company website and ' +
    'want to know who the company is and what it runs. Example: `{"domain": "northwind.example"}`.',
  scope: 'company',
  input: z.object({
    domain: domainParam.describe('Company domain, URL or work email, e.g. `northwind.example`.'),
  }),
  output: companyResponse,
  example: { input: { domain: 'northwind.example' } },
  readOnly: true,
  idempotent: true,
  openWorld: false,
  async handler(ctx, input) {
    const company = await findCompanyByDomain(ctx.db.db, input.domain);
    if (!company) throw new DossierError('not_found', `No company is known for ${input.domain}`);
    return { ...company, credits_used: 0 as const };
  },
});
