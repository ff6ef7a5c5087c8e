import pg from "pg";
import type { Database } from "./client";
import { runMigrations } from "./migrate";

/**
 * Database roles (ADR 0026, 0053). The owner role runs the migrations and owns every table,
 * function and trigger; the server's role owns nothing. It may read and write the business tables
 * and only INSERT and SELECT the records that must outlive a compromised server (the access log, its
 * head, its anchors, the job timeline, the destruction records). The log's rows are destroyed only
 * by `access_log_purge()`, which only a third role, the retention role, may call.
 */

/** Tables the server's role may only add to and read. */
export const APPEND_ONLY_TABLES = [
  "access_log",
  "access_log_anchors",
  "job_events",
  "destruction_records",
] as const;

/** The role the embedded database switches to after its migrations (PGlite has no log-ins). */
export const PGLITE_SERVER_ROLE = "loupe_server";
/** The embedded database's retention role, entered with SET LOCAL ROLE for the purge only. */
export const PGLITE_RETENTION_ROLE = "loupe_retention";

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

type Query = (sql: string) => Promise<unknown>;

/** Creates a role that logs in with a password, or sets its password when it exists. */
async function ensureLoginRole(query: Query, name: string, password: string | undefined) {
  const pw = password ? ` PASSWORD ${literal(password)}` : "";
  await query(
    `DO $$ BEGIN
       IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = ${literal(name)}) THEN
         CREATE ROLE ${ident(name)} LOGIN${pw};
       END IF;
     END $$`,
  );
  if (password) await query(`ALTER ROLE ${ident(name)} LOGIN${pw}`);
}

/**
 * The role exists: a login role (an owner with CREATEROLE makes it itself; otherwise an administrator
 * made it), or on PGlite a NOLOGIN role the server enters with SET ROLE.
 */
async function ensureRole(query: Query, role: string, options: { password?: string; login: boolean }) {
  if (options.login) {
    const [exists] = (await query(`SELECT 1 FROM pg_roles WHERE rolname = ${literal(role)}`)) as unknown[];
    if (!exists) await ensureLoginRole(query, role, options.password);
    return;
  }
  await query(
    `DO $$ BEGIN
       IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = ${literal(role)}) THEN
         CREATE ROLE ${ident(role)} NOLOGIN;
       END IF;
     END $$`,
  );
}

/**
 * The server role's rights, granted by the owner after every migration run (new tables included).
 * Idempotent. `login` is false on PGlite, where the role is entered with SET ROLE.
 */
export async function grantServerRole(
  query: Query,
  role: string,
  options: { password?: string; login: boolean },
) {
  await ensureRole(query, role, options);
  const r = ident(role);
  const statements = [
    `DO $$ BEGIN EXECUTE format('GRANT CONNECT, TEMPORARY ON DATABASE %I TO ${r.replace(/'/g, "''")}', current_database()); END $$`,
    `GRANT USAGE ON SCHEMA public TO ${r}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${r}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${r}`,
    `REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${APPEND_ONLY_TABLES.join(", ")} FROM ${r}`,
    `REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON access_log_head FROM ${r}`,
    // Granted before issue 43 (the function took the purge point, staff and rule as arguments).
    `REVOKE EXECUTE ON FUNCTION access_log_purge() FROM ${r}`,
    // /readyz compares the applied migrations with the committed ones.
    `GRANT USAGE ON SCHEMA drizzle TO ${r}`,
    `GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO ${r}`,
  ];
  for (const s of statements) await query(s);
}

/**
 * The retention role's rights (issue 43): connect, and call `access_log_purge()`, a SECURITY DEFINER
 * function that destroys only what the retention periods say has expired. Nothing else: it reads
 * and writes no table itself. Idempotent, after every migration run.
 */
export async function grantRetentionRole(
  query: Query,
  role: string,
  options: { password?: string; login: boolean },
) {
  await ensureRole(query, role, options);
  const r = ident(role);
  const statements = [
    `DO $$ BEGIN EXECUTE format('GRANT CONNECT ON DATABASE %I TO ${r.replace(/'/g, "''")}', current_database()); END $$`,
    `GRANT USAGE ON SCHEMA public TO ${r}`,
    `GRANT EXECUTE ON FUNCTION access_log_purge() TO ${r}`,
  ];
  for (const s of statements) await query(s);
}

/** The user and password a connection string names. */
export function roleOf(url: string): { user: string; password?: string; database: string } {
  const u = new URL(url);
  return {
    user: decodeURIComponent(u.username),
    password: u.password ? decodeURIComponent(u.password) : undefined,
    database: decodeURIComponent(u.pathname.replace(/^\//, "")),
  };
}

async function onClient<T>(url: string, work: (query: Query) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(async (sql) => (await client.query(sql)).rows);
  } finally {
    await client.end();
  }
}

export interface RoleSplitSettings {
  /** Connects as the owner: migrations and grants. */
  ownerUrl: string;
  /** The server's own connection string: its user and password name the server's role. */
  serverUrl: string;
  /** Optional administrator (e.g. `postgres`) that creates the roles and hands the database to the owner. */
  adminUrl?: string;
  /** The retention role's connection string (DATABASE_RETENTION_URL): the only caller of the log's purge. */
  retentionUrl?: string;
}

/**
 * The migration command on PostgreSQL with two roles: (as an administrator, when given) create the
 * owner and the server's role and make the owner own the database and its `public` schema; (as the
 * owner) apply the migrations and grant the server's role what it may do.
 */
export async function migrateWithRoles(
  settings: RoleSplitSettings,
  migrationsFolder: string,
  open: (url: string) => Database,
): Promise<void> {
  const owner = roleOf(settings.ownerUrl);
  const server = roleOf(settings.serverUrl);
  const retention = settings.retentionUrl ? roleOf(settings.retentionUrl) : null;
  if (owner.user === server.user)
    throw new Error(
      "DATABASE_OWNER_URL and DATABASE_URL name the same role: the server's role must own nothing.",
    );
  if (retention && (retention.user === server.user || retention.user === owner.user))
    throw new Error(
      "DATABASE_RETENTION_URL must name a role of its own: neither the owner nor the server's role.",
    );
  if (settings.adminUrl) {
    await onClient(settings.adminUrl, async (query) => {
      await ensureLoginRole(query, owner.user, owner.password);
      await ensureLoginRole(query, server.user, server.password);
      if (retention) await ensureLoginRole(query, retention.user, retention.password);
      await query(`ALTER DATABASE ${ident(owner.database)} OWNER TO ${ident(owner.user)}`);
    });
    // Inside the database: PostgreSQL 15 gives `public` to pg_database_owner; older ones to postgres.
    const adminInDb = new URL(settings.adminUrl);
    adminInDb.pathname = `/${owner.database}`;
    await onClient(adminInDb.toString(), (query) =>
      query(`ALTER SCHEMA public OWNER TO ${ident(owner.user)}`),
    );
  }
  const database = open(settings.ownerUrl);
  try {
    await runMigrations(database, migrationsFolder);
    await grantServerRole((sql) => database.query(sql), server.user, {
      password: settings.adminUrl ? undefined : server.password,
      login: true,
    });
    if (retention)
      await grantRetentionRole((sql) => database.query(sql), retention.user, {
        password: settings.adminUrl ? undefined : retention.password,
        login: true,
      });
  } finally {
    await database.close();
  }
}

/**
 * The embedded database's emulation: after its migrations (as PGlite's superuser), a role that owns
 * nothing receives the server role's rights and the one connection switches to it. What this cannot
 * do: the session began as the superuser, so SQL the server runs could `RESET ROLE` (ADR 0026).
 */
export async function enterServerRoleOnPglite(database: Database): Promise<void> {
  await grantServerRole((sql) => database.query(sql), PGLITE_SERVER_ROLE, { login: false });
  await grantRetentionRole((sql) => database.query(sql), PGLITE_RETENTION_ROLE, { login: false });
  await database.query(`SET ROLE ${ident(PGLITE_SERVER_ROLE)}`);
}
