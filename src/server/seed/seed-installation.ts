import type { Installation, MockRun, StoredLevel } from '@/mocks/installation'
import { num, text, type Database, type SqlValue } from '../db/database'
import { DIALECTS } from '../sql/dialect'
import { EVENTS, MCP_SERVERS, MCP_TOOLS, RUNS, TOOL_GROUP_STATES, TOOL_STATES } from '../sql/tables'
import { catalogueRowsOf } from './catalogue-rows'
import { NEVER_SELECTED, recordRun, type EventRow, type RunRow } from './record-run'
import { createTables } from './schema'

const BATCH = 400

/** Seeding into tables that already hold runs would mix two installations. */
export class SeedTargetError extends Error {
  override readonly name = 'SeedTargetError'
}

/** Rows written, for the seeder's one-line report. */
export interface SeedReport {
  runs: number
  events: number
  mcpTools: number
}

/**
 * Creates the CMS's tables where they are missing and writes `installation` into them as the
 * CMS records it (`recordRun`): MCP servers and tools, then every run and its events. Refuses
 * tables that already hold runs.
 */
export async function seedInstallation(
  db: Database,
  installation: Installation,
): Promise<SeedReport> {
  for (const statement of createTables(db.engine)) await db.query(statement)
  const [existing] = await db.query(`SELECT COUNT(*) AS n FROM ${RUNS}`)
  if (num(existing?.n) > 0) {
    throw new SeedTargetError(
      `The database already holds ${num(existing?.n)} runs; seed an empty database so two installations are not mixed.`,
    )
  }
  const mcpTools = await seedTools(db, installation)
  let runs = 0
  let events = 0
  let after: string | null = null
  do {
    const slice = installation.queryRuns({ from: null, to: null, tools: [] }, after, BATCH)
    const written = await appendRuns(db, slice.runs, (run) =>
      installation.storedLevelOf ? installation.storedLevelOf(run.uuid) : 'metadata',
    )
    runs += slice.runs.length
    events += written.events
    after = slice.continueAfter?.uuid ?? null
  } while (after !== null)
  return { runs, events, mcpTools }
}

/**
 * Records runs into tables that exist, as the CMS would while it runs: the run rows, then their
 * events, each run at the privacy level `levelOf` gives (`metadata` by default). Returns the runs'
 * uids and the number of events written.
 */
export async function appendRuns(
  db: Database,
  runs: readonly MockRun[],
  levelOf: (run: MockRun) => StoredLevel = () => 'metadata',
): Promise<{ uids: number[]; events: number }> {
  const recorded = runs.map((run) => recordRun(run, levelOf(run)))
  const uids = await insertRuns(
    db,
    recorded.map((r) => r.run),
  )
  const rows: (EventRow & { run: number })[] = []
  recorded.forEach((r, i) => {
    for (const event of r.events) rows.push({ ...event, run: uids[i] ?? 0 })
  })
  await insertEvents(db, rows)
  return { uids, events: rows.length }
}

async function insertMany(
  db: Database,
  table: string,
  columns: string[],
  rows: SqlValue[][],
): Promise<void> {
  const perStatement = Math.max(1, Math.floor(2000 / columns.length))
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement)
    const tuple = `(${columns.map(() => '?').join(', ')})`
    await db.query(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')}`,
      chunk.flat(),
    )
  }
}

async function insertRuns(db: Database, runs: RunRow[]): Promise<number[]> {
  if (runs.length === 0) return []
  const columns = Object.keys(runs[0] ?? {}) as (keyof RunRow)[]
  await insertMany(
    db,
    RUNS,
    columns,
    runs.map((run) => columns.map((column) => run[column])),
  )
  const d = DIALECTS[db.engine]
  const found = await db.query(
    `SELECT uid, uuid FROM ${RUNS} WHERE ${d.exact('uuid')} IN (${runs.map(() => d.exactParam()).join(', ')})`,
    runs.map((run) => run.uuid),
  )
  const byUuid = new Map(found.map((row) => [text(row.uuid) ?? '', num(row.uid)]))
  return runs.map((run) => byUuid.get(run.uuid) ?? 0)
}

async function insertEvents(db: Database, events: (EventRow & { run: number })[]): Promise<void> {
  const columns = ['run', 'sequence', 'kind', 'round', 'duration_ms', 'payload', 'crdate'] as const
  await insertMany(
    db,
    EVENTS,
    [...columns],
    events.map((event) => columns.map((column) => event[column])),
  )
}

/**
 * The catalogue's rows: MCP servers (with a URL and credential the server must never read),
 * their tools, and the tool and group switches. Returns the number of MCP tool rows.
 */
async function seedTools(db: Database, installation: Installation): Promise<number> {
  const rows = catalogueRowsOf(installation)
  for (const server of rows.servers) {
    await db.query(
      `INSERT INTO ${MCP_SERVERS} (identifier, url, auth_credential, requires_approval, enabled, hidden, deleted, data_class)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        server.identifier,
        `https://${NEVER_SELECTED}.invalid/mcp`,
        `${NEVER_SELECTED}-credential`,
        server.requiresApproval ? 1 : 0,
        server.enabled,
        server.hidden,
        server.deleted,
        server.dataClass,
      ],
    )
  }
  const serverRows = await db.query(`SELECT uid, identifier FROM ${MCP_SERVERS}`)
  const serverUid = new Map(serverRows.map((row) => [text(row.identifier) ?? '', num(row.uid)]))
  for (const tool of rows.mcpTools) {
    await db.query(
      `INSERT INTO ${MCP_TOOLS} (server, tool_name, remote_name, description, input_schema, remote_annotations, orphaned)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [
        serverUid.get(tool.server) ?? 0,
        tool.toolName,
        tool.remoteName,
        `${NEVER_SELECTED} description`,
        JSON.stringify(tool.parameters),
        tool.remoteAnnotations,
        tool.orphaned,
      ],
    )
  }
  await insertMany(
    db,
    TOOL_STATES,
    ['tool_name', 'enabled'],
    rows.toolSwitches.map((s) => [s.toolName, s.enabled ? 1 : 0]),
  )
  await insertMany(
    db,
    TOOL_GROUP_STATES,
    ['group_name', 'enabled'],
    rows.groupSwitches.map((s) => [s.groupName, s.enabled ? 1 : 0]),
  )
  return rows.mcpTools.length
}
