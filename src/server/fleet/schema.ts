import { INSTALLATION_NAME } from '@/domain/contract'
import { keyAlias, PAYLOAD_KEYS } from '../sql/payload-keys'
import type { ClickHouse } from './clickhouse'

/** The one sentence saying what is wrong with `name` as an installation's name, or null. */
export function installationNameProblem(name: string): string | null {
  return INSTALLATION_NAME.test(name)
    ? null
    : `"${name}" is no installation name: 1 to 63 letters, digits, ".", "_" or "-", not starting with "." "_" or "-".`
}

/**
 * A step's key as texts (what `key` hashes): kind, and a tool step's name, refusal, error flag
 * and its failing turn's approval, as the CMS stored them.
 */
const KEY_TEXTS = `kind String,
    tool Nullable(String),
    refusal Nullable(String),
    is_error Nullable(String),
    opened_by Nullable(String)`

/**
 * The exported tables (decision 0017, as built): steps and runs as metadata only, each row
 * replaced by a later copy of itself (`version`, the pass that sent it). Runs have one partition
 * per installation, steps one per installation and month (UTC): the exporter compacts a month
 * once it is settled (`compactSettled`), and `FINAL` reads a partition of one part without
 * merging. Removing an installation is dropping its partitions. A step keeps the texts the server's
 * view groups by (`readStepGroups`: kind, and for a tool step its name, refusal and error texts
 * and its failing turn's approval text), never a payload; `key` is their hash, what a query
 * groups by before Node decodes each distinct key once.
 */
const TABLES = [
  `CREATE TABLE IF NOT EXISTS rd_steps (
    installation LowCardinality(String),
    uid UInt64,
    run UInt64,
    crdate Int64,
    lround Int64,
    ${KEY_TEXTS},
    key UInt64 MATERIALIZED cityHash64(kind, isNull(tool), ifNull(tool, ''), isNull(refusal),
      ifNull(refusal, ''), isNull(is_error), ifNull(is_error, ''), isNull(opened_by), ifNull(opened_by, '')),
    version UInt64,
    -- Run uids grow with time as steps do: a page of runs reads only the granules of its runs.
    INDEX by_run run TYPE minmax GRANULARITY 1
  ) ENGINE = ReplacingMergeTree(version)
  PARTITION BY (installation, toYYYYMM(toDateTime(crdate, 'UTC')))
  ORDER BY (installation, crdate, uid)`,
  `CREATE TABLE IF NOT EXISTS rd_runs (
    installation LowCardinality(String),
    uid UInt64,
    status String,
    uuid String,
    configuration String,
    started Float64,
    finished Float64,
    termination_reason String,
    requeue_count UInt32,
    gone UInt8,
    version UInt64
  ) ENGINE = ReplacingMergeTree(version)
  PARTITION BY installation
  ORDER BY (installation, uid)`,
  // Every event row as `/runs` reads it (`stepRows`): its columns and the allow-listed payload
  // keys' JSON texts, never the payload; `tool_name` is the name when it is a JSON string, for
  // the tool rule of `/runs`. Sorted by run, so a run's rows are one range.
  `CREATE TABLE IF NOT EXISTS rd_events (
    installation LowCardinality(String),
    uid UInt64,
    run UInt64,
    sequence Int64,
    kind LowCardinality(String),
    round Nullable(Int64),
    duration_ms Nullable(Float64),
    crdate Int64,
    -- The round /runs lists a step row with (0 for none); NULL for a row that is no step.
    lround Nullable(Int64) CODEC(T64, LZ4),
    is_object UInt8,
    tool_name Nullable(String),
    ${PAYLOAD_KEYS.map((key) => `${keyAlias(key)} Nullable(String)`).join(',\n    ')},
    version UInt64,
    INDEX by_crdate crdate TYPE minmax GRANULARITY 1
  ) ENGINE = ReplacingMergeTree(version)
  PARTITION BY (installation, toYYYYMM(toDateTime(crdate, 'UTC')))
  ORDER BY (installation, run, sequence, uid)`,
  // Each run's steps counted by key, kept by the exporter from rd_steps (`rollUpRuns`): what a
  // year's `/summary` reads instead of every step. With the run's status and whether it is gone
  // (or not recorded), and the first and last of its steps' times.
  `CREATE TABLE IF NOT EXISTS rd_run_steps (
    installation LowCardinality(String),
    run UInt64,
    status String,
    gone UInt8,
    first Int64,
    last Int64,
    keys Array(UInt64),
    counts Array(UInt32),
    version UInt64
  ) ENGINE = ReplacingMergeTree(version)
  PARTITION BY installation
  ORDER BY (installation, run)`,
  // The texts of each key hash of rd_steps, per installation: a key's texts never change.
  `CREATE TABLE IF NOT EXISTS rd_keys (
    installation LowCardinality(String),
    key UInt64,
    ${KEY_TEXTS}
  ) ENGINE = ReplacingMergeTree
  PARTITION BY installation
  ORDER BY (installation, key)`,
  // Per installation: where its exporter stopped, its settings and its catalogue (as JSON).
  `CREATE TABLE IF NOT EXISTS rd_exports (
    installation String,
    settled_uid UInt64,
    top_uid UInt64,
    steps UInt64,
    runs UInt64,
    settings String,
    tools String,
    exported_at DateTime64(3, 'UTC'),
    version UInt64
  ) ENGINE = ReplacingMergeTree(version)
  ORDER BY installation`,
  // Targets made before runs and events were exported whole (see EXPORT_FORMAT).
  `ALTER TABLE rd_runs ADD COLUMN IF NOT EXISTS termination_reason String AFTER finished`,
  `ALTER TABLE rd_runs ADD COLUMN IF NOT EXISTS requeue_count UInt32 AFTER termination_reason`,
  `ALTER TABLE rd_exports ADD COLUMN IF NOT EXISTS format UInt32 AFTER tools`,
  `ALTER TABLE rd_events ADD COLUMN IF NOT EXISTS lround Nullable(Int64) CODEC(T64, LZ4) AFTER crdate`,
]

/**
 * What an export holds: 1, steps and runs for the counts; 2, also every event row and each run's
 * termination reason and attempts, for `/runs`; 3, also each run's steps counted by key
 * (`rd_run_steps`, `rd_keys`). An exporter resuming an older export sends it all again (a row
 * sent twice replaces itself).
 */
export const EXPORT_FORMAT = 3

/** Creates the tables where they are missing. */
export async function ensureSchema(ch: ClickHouse): Promise<void> {
  for (const statement of TABLES) await ch.command(statement)
}

/** Partition ids are ClickHouse's own hex names; anything else is never put into a statement. */
const PARTITION_ID = /^[0-9a-zA-Z_-]{1,128}$/

/**
 * Merges each month of `installation`'s steps that has more than one part into one, but its
 * newest (where the re-sent tail lands): a settled month then reads under `FINAL` as fast as
 * without it. Resolves with the months merged.
 */
export async function compactSettled(ch: ClickHouse, installation: string): Promise<number> {
  let merged = 0
  for (const table of MONTHLY) merged += await compactTable(ch, table, installation)
  return merged
}

/** The tables partitioned by installation and month. */
export const MONTHLY = ['rd_steps', 'rd_events'] as const

/** The tables made from an installation's steps: emptied with them. */
export const FROM_STEPS = [...MONTHLY, 'rd_run_steps', 'rd_keys'] as const

async function compactTable(
  ch: ClickHouse,
  table: (typeof MONTHLY)[number],
  installation: string,
): Promise<number> {
  const months = await ch.query(
    `SELECT _partition_id AS id, max(crdate) AS newest FROM ${table}
     WHERE installation = {i:String} GROUP BY id ORDER BY newest`,
    { i: installation },
  )
  const settled = months.slice(0, -1).map((row) => String(row.id))
  if (settled.length === 0) return 0
  const parts = await ch.query(
    `SELECT partition_id AS id FROM system.parts WHERE active AND database = currentDatabase()
       AND table = {t:String} AND partition_id IN {ids:Array(String)}
     GROUP BY id HAVING count() > 1`,
    { ids: settled, t: table },
  )
  let merged = 0
  for (const { id } of parts) {
    const name = String(id)
    if (!PARTITION_ID.test(name)) throw new Error(`unexpected partition id ${name.slice(0, 40)}`)
    await ch.command(`OPTIMIZE TABLE ${table} PARTITION ID '${name}' FINAL`)
    merged += 1
  }
  return merged
}
