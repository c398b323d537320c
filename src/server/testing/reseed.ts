/** What the server's property tests seed each generated installation with. */
import type { Database } from '../db/database'
import { EVENTS, MCP_SERVERS, MCP_TOOLS, RUNS } from '../sql/tables'

/** The `/meta` of a generated installation. */
export function generatedMeta() {
  return {
    installation: 'Generated',
    privacyLevel: 'metadata',
    earliestAt: null,
    latestAt: null,
    retentionDays: null,
    argumentCheckSince: null,
  }
}

/** Empties the CMS's tables, so the next generated installation is seeded alone. */
export async function emptyTables(writer: Database): Promise<void> {
  for (const table of [EVENTS, RUNS, MCP_TOOLS, MCP_SERVERS])
    await writer.query(`DELETE FROM ${table}`)
}
