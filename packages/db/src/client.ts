import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { acquireLock } from './lock.js';
import { migrateDatabase, migrationsFolder } from './migrate.js';
import { withReplicas } from './replicas.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseConfig {
  /** PostgreSQL URL; when absent, the embedded PGlite database is used. */
  url?: string;
  /** Folder of the embedded database; ignored with `url`. Absent: in memory. */
  dataDir?: string;
  /** Named in the lock file so a second opener knows who holds the folder. */
  command?: string;
  /** postgres.js pool size. */
  maxConnections?: number;
  /** Called with every SQL statement Drizzle sends (tests count queries with it). */
  logQuery?: (query: string) => void;
  /** PGlite only: start from a saved image (see `dumpImage`), e.g. a migrated template in tests. */
  image?: Blob;
  /** PostgreSQL read replicas for the reads that tolerate lag (see `withReplicas`). */
  readUrls?: string[];
  /** A replica further behind than this serves no reads; default 5. */
  maxLagSeconds?: number;
  /** How often replica lag is measured; default 1,000 ms. */
  lagCheckMs?: number;
  /** Told when a replica stops or starts serving reads. */
  onReplicaChange?: (message: string) => void;
}

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Runs raw SQL and returns rows, whatever the driver. */
  query<T = Record<string, unknown>>(statement: SQL): Promise<T[]>;
  /** Applies pending migrations. */
  migrate(): Promise<void>;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /** PostgreSQL only: this process's pool, its size and the connections open and busy now. */
  poolUse?: () => Promise<{ size: number; open: number; busy: number }>;
  close(): Promise<void>;
  /** PGlite only: the whole database as an image that `image` can start from. */
  dumpImage?: () => Promise<Blob>;
  /**
   * With read replicas: where a read that tolerates lag goes (a fit replica, or this database when
   * none is or `key` wrote just now). Absent: every read uses this database.
   */
  reader?(key?: string): Database;
  /** With read replicas: `key` wrote, so its reads stay on the primary for a while. */
  noteWrite?(key: string): void;
}

const queryLogger = (logQuery?: (query: string) => void) => (logQuery ? { logQuery } : undefined);

export async function createDatabase(config: DatabaseConfig = {}): Promise<Database> {
  if (!config.url) return openPglite(config);
  const primary = await openPostgres(config.url, config.maxConnections, config.logQuery);
  if (!config.readUrls?.length) return primary;
  const replicas = await Promise.all(
    config.readUrls.map(async (url) => {
      const replica = await openPostgres(url, config.maxConnections, config.logQuery);
      replica.migrate = async () => {
        throw new Error('migrations run on the primary, never on a read replica');
      };
      return replica;
    }),
  );
  return withReplicas(primary, replicas, {
    maxLagSeconds: config.maxLagSeconds ?? 5,
    checkMs: config.lagCheckMs,
    onChange: config.onReplicaChange,
  });
}

async function openPostgres(url: string, max = 10, logQuery?: (query: string) => void): Promise<Database> {
  // A name of this process's own, so pg_stat_activity tells its connections apart (poolUse).
  const applicationName = `dossier-${process.pid}-${randomBytes(3).toString('hex')}`;
  const client = postgres(url, {
    max,
    onnotice: () => {},
    connect_timeout: 10,
    // JIT off: Dossier's statements are short, and a row estimate far off (the candidates of an import
    // batch with their source records) made PostgreSQL compile one with full optimisation on every
    // batch, a third of that statement's time. `ALTER ROLE ... SET jit = on` does not override this.
    connection: { application_name: applicationName, jit: 'off' },
  });
  const db = drizzlePostgres(client, { schema, logger: queryLogger(logQuery) }) as unknown as Db;
  const query = async <T>(statement: SQL) => [...((await db.execute(statement)) as unknown as T[])];
  return {
    db,
    driver: 'postgres',
    query,
    migrate: async () => {
      // One migrator at a time across every process on this database (a fleet starting together). The
      // lock has its own connection: the pool may hold a single one, which the migrations need.
      const lock = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 10 });
      try {
        await lock`select pg_advisory_lock(hashtext('dossier_migrate'))`;
        await migrateDatabase({
          script: async (text) => {
            await client.begin(async (tx) => {
              await tx.unsafe(text).simple();
            });
          },
          rows: async <T>(text: string) => [...((await client.unsafe(text)) as unknown as T[])],
          migrations: () => migratePostgres(db as never, { migrationsFolder }),
        });
      } finally {
        await lock.end({ timeout: 5 });
      }
    },
    ping: async () => {
      await client`select 1`;
    },
    poolUse: async () => {
      // The asking connection is left out: it is busy only because of this question.
      const [row] = await client<{ open: number; busy: number }[]>`
        select count(*)::int as open, (count(*) filter (where state <> 'idle'))::int as busy
        from pg_stat_activity where application_name = ${applicationName} and pid <> pg_backend_pid()`;
      return { size: max, open: row?.open ?? 0, busy: row?.busy ?? 0 };
    },
    close: () => client.end({ timeout: 5 }),
  };
}

async function openPglite(config: DatabaseConfig): Promise<Database> {
  const release = config.dataDir ? acquireLock(config.dataDir, config.command ?? 'dossier') : () => {};
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir: config.dataDir,
      extensions: { pg_trgm },
      loadDataDir: config.image,
    });
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client, { schema, logger: queryLogger(config.logQuery) }) as unknown as Db;
  const query = async <T>(statement: SQL) => ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
  return {
    db,
    driver: 'pglite',
    query,
    migrate: () =>
      migrateDatabase({
        script: async (text) => {
          await client.transaction(async (tx) => {
            await tx.exec(text);
          });
        },
        rows: async <T>(text: string) => (await client.query<T>(text)).rows,
        migrations: () => migratePglite(db as never, { migrationsFolder }),
      }),
    ping: async () => {
      await client.query('select 1');
    },
    dumpImage: () => client.dumpDataDir('none'),
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}
