import type { Engine } from '../db/database'
import { TOOL_GROUP_STATES, TOOL_STATES } from '../sql/tables'

/**
 * The CMS's run, MCP and tool switch tables as TYPO3 creates them from the extension's
 * `ext_tables.sql`, with the columns the server reads, the ones it must never read
 * (`suspended_state`, `queued_request`, `be_user`, the MCP server's `url` and `auth_credential`),
 * and the declared keys. `CREATE … IF NOT EXISTS`: an existing installation's tables are left as
 * they are.
 */
export function createTables(engine: Engine): string[] {
  const t = TYPES[engine]
  const table = (name: string, columns: string[]): string =>
    `CREATE TABLE IF NOT EXISTS ${name} (${[`uid ${t.id}`, ...columns].join(', ')})${t.suffix}`
  const text = (name: string) => `${name} ${t.text}`
  const int = (name: string) => `${name} INT NOT NULL DEFAULT 0`
  const str = (name: string, n: number) => `${name} VARCHAR(${n}) NOT NULL DEFAULT ''`
  return [
    table('tx_nrllm_agentrun', [
      int('pid'),
      str('uuid', 36),
      str('status', 32),
      str('configuration_identifier', 150),
      str('termination_reason', 32),
      int('started_at'),
      int('finished_at'),
      int('crdate'),
      int('tstamp'),
      int('iterations'),
      int('requeue_count'),
      text('suspended_state'),
      text('queued_request'),
      int('be_user'),
    ]),
    table('tx_nrllm_agentrun_event', [
      int('run'),
      int('sequence'),
      str('kind', 32),
      int('round'),
      `duration_ms DECIMAL(10,2) NOT NULL DEFAULT 0`,
      text('payload'),
      int('crdate'),
    ]),
    table('tx_nrllm_mcp_server', [
      str('identifier', 100),
      str('url', 500),
      str('auth_credential', 500),
      int('requires_approval'),
      int('enabled'),
      int('hidden'),
      int('deleted'),
      str('data_class', 32),
    ]),
    table('tx_nrllm_mcp_tool', [
      int('server'),
      str('tool_name', 190),
      str('remote_name', 190),
      text('description'),
      text('input_schema'),
      text('remote_annotations'),
      int('orphaned'),
    ]),
    table(TOOL_STATES, [int('pid'), str('tool_name', 190), `enabled SMALLINT NOT NULL DEFAULT 1`]),
    table(TOOL_GROUP_STATES, [
      int('pid'),
      str('group_name', 190),
      `enabled SMALLINT NOT NULL DEFAULT 1`,
    ]),
    ...INDEXES.map(([name, on, columns]) => t.index(name, on, columns)),
  ]
}

const INDEXES: [string, string, string][] = [
  ['rd_run_uuid', 'tx_nrllm_agentrun', 'uuid'],
  ['rd_run_user', 'tx_nrllm_agentrun', 'be_user, crdate'],
  ['rd_run_status', 'tx_nrllm_agentrun', 'status, crdate'],
  ['rd_run_crdate', 'tx_nrllm_agentrun', 'crdate'],
  ['rd_event_run', 'tx_nrllm_agentrun_event', 'run, sequence'],
  ['rd_event_crdate', 'tx_nrllm_agentrun_event', 'crdate'],
]

interface Types {
  id: string
  text: string
  suffix: string
  index: (name: string, on: string, columns: string) => string
}

const TYPES: Readonly<Record<Engine, Types>> = {
  postgres: {
    id: 'SERIAL PRIMARY KEY',
    text: 'TEXT',
    suffix: '',
    index: (name, on, columns) => `CREATE INDEX IF NOT EXISTS ${name} ON ${on} (${columns})`,
  },
  mysql: {
    id: 'INT NOT NULL AUTO_INCREMENT PRIMARY KEY',
    text: 'MEDIUMTEXT',
    suffix: ' DEFAULT CHARSET=utf8mb4',
    index: (name, on, columns) => `CREATE INDEX IF NOT EXISTS ${name} ON ${on} (${columns})`,
  },
  sqlite: {
    id: 'INTEGER PRIMARY KEY AUTOINCREMENT',
    text: 'TEXT',
    suffix: '',
    index: (name, on, columns) => `CREATE INDEX IF NOT EXISTS ${name} ON ${on} (${columns})`,
  },
}
