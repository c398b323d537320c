import type { Engine } from '../db/database'
import { EVENTS, MCP_SERVERS, MCP_TOOLS, RUNS, TOOL_GROUP_STATES, TOOL_STATES } from '../sql/tables'

/**
 * Every column the server reads, per table: what a read-only user must be granted, and no more.
 * `suspended_state`, `queued_request`, `be_user`, MCP `url` and `auth_credential` are not among
 * them. `grants.test.ts` serves the contract questions as a user with exactly these grants.
 */
export const READ_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  [RUNS]: [
    'uid',
    'uuid',
    'status',
    'configuration_identifier',
    'termination_reason',
    'started_at',
    'finished_at',
    'crdate',
    'tstamp',
    'requeue_count',
  ],
  [EVENTS]: ['uid', 'run', 'sequence', 'kind', 'round', 'duration_ms', 'payload', 'crdate'],
  [MCP_TOOLS]: [
    'uid',
    'server',
    'tool_name',
    'remote_name',
    'input_schema',
    'remote_annotations',
    'orphaned',
  ],
  [MCP_SERVERS]: ['uid', 'identifier', 'requires_approval', 'enabled', 'deleted', 'data_class'],
  [TOOL_STATES]: ['tool_name', 'enabled'],
  [TOOL_GROUP_STATES]: ['group_name', 'enabled'],
}

/** A database user or database name as the grant statements may name it. */
const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/

/**
 * The statements that create nothing but give `user` (which must exist) exactly the reads the
 * server needs in `database`. PostgreSQL also needs CONNECT and TEMPORARY (for the session's
 * safe JSON cast, `pg_temp.rd_jsonb`), both of which PUBLIC holds by default.
 */
export function grantStatements(
  engine: Exclude<Engine, 'sqlite'>,
  user: string,
  database: string,
): string[] {
  for (const [what, name] of [
    ['user', user],
    ['database', database],
  ] as const) {
    if (!NAME.test(name)) {
      throw new Error(
        `The ${what} name must be letters, digits and _ (got ${JSON.stringify(name)}).`,
      )
    }
  }
  const tables = Object.entries(READ_COLUMNS)
  if (engine === 'postgres') {
    return [
      `GRANT CONNECT, TEMPORARY ON DATABASE ${database} TO ${user};`,
      `GRANT USAGE ON SCHEMA public TO ${user};`,
      ...tables.map(
        ([table, columns]) => `GRANT SELECT (${columns.join(', ')}) ON ${table} TO ${user};`,
      ),
    ]
  }
  return tables.map(
    ([table, columns]) =>
      `GRANT SELECT (${columns.join(', ')}) ON ${database}.${table} TO '${user}'@'%';`,
  )
}
