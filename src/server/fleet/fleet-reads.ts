import { toolsResponseSchema, type Meta, type ToolsResponse } from '@/domain/contract'
import { num } from '../db/database'
import { metaOf } from '../read/meta'
import { settingsSchema } from '../setup/settings'
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

/** The exporter's last pass of `name`: its settings and catalogue texts; null when unknown. */
async function exportOf(ch: ClickHouse, name: string) {
  const [row] = await ch.query(
    `SELECT settings, tools FROM rd_exports FINAL WHERE installation = {i:String}`,
    { i: name },
  )
  return row === undefined ? null : { settings: String(row.settings), tools: String(row.tools) }
}

/**
 * `/meta` of one installation as its own server answers it (`readMeta`): its settings as the
 * exporter was given them, and its first and last step sent. Null for an unknown installation.
 */
export async function fleetMeta(ch: ClickHouse, name: string): Promise<Meta | null> {
  const [sent, [edges]] = await Promise.all([
    exportOf(ch, name),
    ch.query(
      `SELECT min(crdate) AS earliest, max(crdate) AS latest FROM rd_steps FINAL
       WHERE installation = {i:String}`,
      { i: name },
    ),
  ])
  if (sent === null) return null
  const settings = settingsSchema.parse(JSON.parse(sent.settings))
  return metaOf(settings, num(edges?.earliest), num(edges?.latest))
}

/**
 * `/tools` of one installation as its exporter last read it, as its own server writes it (the
 * catalogue checked, its text kept); null for an unknown one.
 */
export async function fleetTools(ch: ClickHouse, name: string): Promise<ToolsResponse | null> {
  const sent = await exportOf(ch, name)
  if (sent === null) return null
  const tools = JSON.parse(sent.tools) as ToolsResponse
  toolsResponseSchema.parse(tools)
  return tools
}
