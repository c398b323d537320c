import { INSTALLATION_NAME } from '@/domain/contract'
import type { ClickHouse } from './clickhouse'

/** The one sentence saying what is wrong with `name` as an installation's name, or null. */
export function installationNameProblem(name: string): string | null {
  return INSTALLATION_NAME.test(name)
    ? null
    : `"${name}" is no installation name: 1 to 63 letters, digits, ".", "_" or "-", not starting with "." "_" or "-".`
}

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
    kind String,
    tool Nullable(String),
    refusal Nullable(String),
    is_error Nullable(String),
    opened_by Nullable(String),
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
    gone UInt8,
    version UInt64
  ) ENGINE = ReplacingMergeTree(version)
  PARTITION BY installation
  ORDER BY (installation, uid)`,
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
]

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
  const months = await ch.query(
    `SELECT _partition_id AS id, max(crdate) AS newest FROM rd_steps
     WHERE installation = {i:String} GROUP BY id ORDER BY newest`,
    { i: installation },
  )
  const settled = months.slice(0, -1).map((row) => String(row.id))
  if (settled.length === 0) return 0
  const parts = await ch.query(
    `SELECT partition_id AS id FROM system.parts WHERE active AND database = currentDatabase()
       AND table = 'rd_steps' AND partition_id IN {ids:Array(String)}
     GROUP BY id HAVING count() > 1`,
    { ids: settled },
  )
  let merged = 0
  for (const { id } of parts) {
    const name = String(id)
    if (!PARTITION_ID.test(name)) throw new Error(`unexpected partition id ${name.slice(0, 40)}`)
    await ch.command(`OPTIMIZE TABLE rd_steps PARTITION ID '${name}' FINAL`)
    merged += 1
  }
  return merged
}
