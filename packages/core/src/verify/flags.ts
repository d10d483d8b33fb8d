import disposableDomains from 'disposable-email-domains';
import { isFreeMailDomain } from '../normalize/free-mail.js';

const DISPOSABLE = new Set<string>(disposableDomains as string[]);

const ROLE = new Set([
  'info',
  'sales',
  'admin',
  'administrator',
  'support',
  'contact',
  'hello',
  'office',
  'team',
  'help',
  'billing',
  'accounts',
  'accounting',
  'marketing',
  'noreply',
  'no-reply',
  'donotreply',
  'postmaster',
  'abuse',
  'webmaster',
  'hostmaster',
  'jobs',
  'careers',
  'hr',
  'press',
  'media',
  'enquiries',
  'inquiries',
  'security',
  'privacy',
  'legal',
  'feedback',
  'service',
  'newsletter',
  'orders',
  'mail',
  'root',
  'all',
  'staff',
  'finance',
  'invoices',
  'partners',
  'events',
  'reception',
]);

/** Role account: the mailbox of a function (`info@`, `sales@`), not a person; `+tags` ignored. */
export const isRoleAccount = (local: string): boolean => {
  const base = local.toLowerCase().replace(/^"|"$/g, '').split('+')[0] ?? '';
  return ROLE.has(base);
};

/** True when the domain or one of its parents is on the maintained disposable list. */
export const isDisposableDomain = (domain: string): boolean => {
  let d = domain.toLowerCase();
  while (d.includes('.')) {
    if (DISPOSABLE.has(d)) return true;
    d = d.slice(d.indexOf('.') + 1);
  }
  return false;
};

export const isFreeDomain = (domain: string): boolean => isFreeMailDomain(domain);
