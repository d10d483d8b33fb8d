import type { Database } from '@dossier/db';
import type { ScanDomainDeps } from '../technographics/scan-domain.js';

/**
 * How a deployment lets `get_company` look at a domain live (DNS and homepage). Off unless
 * configured: a database with no configuration never touches the network, which keeps tests
 * and air-gapped installs quiet. `serve` turns it on with the system resolver; tests point it
 * at local DNS and HTTP servers.
 */
export interface LiveScanConfig {
  /** Resolver, fetch limits, ports and the TEST ONLY `fetch.allowPrivate` allowance. */
  deps?: Omit<ScanDomainDeps, 'cache' | 'force' | 'ttlMs'>;
  /** How long a scan is kept in domain_scans. Default 24 h. */
  ttlMs?: number;
}

const configs = new WeakMap<Database, LiveScanConfig>();

/** Turns live scans on for this database (null turns them off again). */
export function configureLiveScans(database: Database, config: LiveScanConfig | null): void {
  if (config) configs.set(database, config);
  else configs.delete(database);
}

export const liveScanConfig = (database: Database): LiveScanConfig | undefined => configs.get(database);
