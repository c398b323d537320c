/** What the server's property tests seed each generated installation with. */
import type { MockRun, StoredLevel } from '@/mocks/installation'
import { createListedInstallation } from '@/mocks/variants'
import type { Database } from '../db/database'
import { seedInstallation } from '../seed/seed-installation'
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

/**
 * Empties the tables and seeds `runs` alone, each stored at its own privacy level (`levels`, by
 * uuid; metadata for the rest), with the generated installation's `/meta`.
 */
export async function reseedRuns(
  writer: Database,
  runs: readonly MockRun[],
  levels: ReadonlyMap<string, StoredLevel>,
): Promise<void> {
  await emptyTables(writer)
  await seedInstallation(writer, {
    ...createListedInstallation({ meta: generatedMeta(), tools: [], runs: [...runs] }),
    storedLevelOf: (uuid) => levels.get(uuid) ?? 'metadata',
  })
}
