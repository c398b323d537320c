import { toolsResponseSchema, type Meta, type ToolsResponse } from '@/domain/contract'
import { num } from '../db/database'
import { metaOf } from '../read/meta'
import { settingsSchema, type Settings } from '../setup/settings'
import type { ClickHouse } from './clickhouse'

/** An installation the fleet holds, as `GET /installations` lists it. */
export interface FleetInstallation {
  name: string
  /** The CMS's own name for it (its settings), as its `/meta` says. */
  installation: string
  /** When its exporter last sent a pass, ISO 8601 UTC. */
  exportedAt: string
  settledUid: number
  topUid: number
}

/** Every exported installation, by name A→Z. */
export async function fleetInstallations(ch: ClickHouse): Promise<FleetInstallation[]> {
  const rows = await ch.query(
    `SELECT installation, settings, settled_uid, top_uid, toUnixTimestamp64Milli(exported_at) AS at
     FROM rd_exports FINAL ORDER BY installation`,
  )
  return rows.map((row) => ({
    name: String(row.installation),
    installation: settingsSchema.parse(JSON.parse(String(row.settings))).installation,
    exportedAt: new Date(num(row.at)).toISOString(),
    settledUid: num(row.settled_uid),
    topUid: num(row.top_uid),
  }))
}

/**
 * Each installation's last pass (or only `name`'s), A→Z: its name, its settings, and its
 * catalogue checked but kept as the installation wrote it, as its own `/tools` sends it.
 */
async function exports(ch: ClickHouse, name?: string) {
  const rows = await ch.query(
    `SELECT installation, settings, tools FROM rd_exports FINAL
     ${name === undefined ? '' : 'WHERE installation = {i:String}'} ORDER BY installation`,
    name === undefined ? {} : { i: name },
  )
  return rows.map((row) => {
    const tools = JSON.parse(String(row.tools)) as ToolsResponse
    toolsResponseSchema.parse(tools)
    return {
      name: String(row.installation),
      settings: settingsSchema.parse(JSON.parse(String(row.settings))),
      tools,
    }
  })
}

/** The one value every installation has, else `otherwise`. */
function shared<T>(values: readonly T[], otherwise: T): T {
  return values.every((value) => value === values[0]) && values.length > 0
    ? (values[0] as T)
    : otherwise
}

/** The latest of the instants; null when any is null (or there are none). */
export function latestOf(instants: readonly (string | null)[]): string | null {
  let latest: string | null = null
  for (const at of instants) {
    if (at === null) return null
    if (latest === null || Date.parse(at) > Date.parse(latest)) latest = at
  }
  return latest
}

/**
 * `/meta` of every installation together: their first and last step; the privacy level and
 * retention they share (else `mixed`, and the shortest retention: older days are missing
 * somewhere); the check's start where every installation has it (the latest), else null.
 */
export async function fleetMetaOfAll(ch: ClickHouse): Promise<Meta> {
  const [sent, [edges]] = await Promise.all([
    exports(ch),
    ch.query(`SELECT min(crdate) AS earliest, max(crdate) AS latest FROM rd_steps FINAL`),
  ])
  const all: Settings[] = sent.map((entry) => entry.settings)
  const retentions = all.map((s) => s.retentionDays).filter((days) => days !== null)
  const since = all.map((s) => s.argumentCheckSince)
  const meta = metaOf(
    {
      ...settingsSchema.parse({}),
      installation: `All installations (${all.length.toLocaleString('en-US')})`,
      privacyLevel: shared(
        all.map((s) => s.privacyLevel),
        'mixed',
      ),
      retentionDays: retentions.length > 0 ? Math.min(...retentions) : null,
      argumentCheckSince: latestOf(since),
    },
    num(edges?.earliest),
    num(edges?.latest),
  )
  return { ...meta, installations: all.length }
}

/**
 * `/tools` of every installation together: each name once, as the first installation (A→Z)
 * that offers it lists it; built-in tools listed only when every installation lists them.
 */
export async function fleetToolsOfAll(ch: ClickHouse): Promise<ToolsResponse> {
  const sent = await exports(ch)
  const byName = new Map<string, ToolsResponse['tools'][number]>()
  for (const entry of sent) {
    for (const tool of entry.tools.tools) {
      if (!byName.has(tool.name)) byName.set(tool.name, tool)
    }
  }
  const unlisted = sent.some((entry) => entry.tools.builtinListed === false)
  return { tools: [...byName.values()], ...(unlisted ? { builtinListed: false } : {}) }
}

/**
 * `/meta` of one installation as its own server answers it (`readMeta`): its settings as the
 * exporter was given them, and its first and last step sent. Null for an unknown installation.
 */
export async function fleetMeta(ch: ClickHouse, name: string): Promise<Meta | null> {
  const [[sent], [edges]] = await Promise.all([
    exports(ch, name),
    ch.query(
      `SELECT min(crdate) AS earliest, max(crdate) AS latest FROM rd_steps FINAL
       WHERE installation = {i:String}`,
      { i: name },
    ),
  ])
  return sent === undefined ? null : metaOf(sent.settings, num(edges?.earliest), num(edges?.latest))
}

/**
 * `/tools` of one installation as its exporter last read it, as its own server writes it (the
 * catalogue checked, its text kept); null for an unknown one.
 */
export async function fleetTools(ch: ClickHouse, name: string): Promise<ToolsResponse | null> {
  const [sent] = await exports(ch, name)
  return sent?.tools ?? null
}
