import { countsRowOf, type CountsRow, type ToolSummary } from '../summary'
import { addCounts, emptyRecord } from '../summary/records'
import type { IsoDay } from '../time'
import { csvChunks } from './chunker'
import { COUNTS_COLUMNS, toolsFilterCell } from './columns'
import type { CsvValue } from './escape'
import { countsCells } from './tool-report'

/** The per-installation breakdown's columns, exactly (one row per installation). */
export const INSTALLATIONS_COLUMNS = [
  'installation',
  'cms_name',
  'runs',
  ...COUNTS_COLUMNS,
  'from',
  'to',
  'timezone',
  'tools',
] as const

/** One installation's runs and calls of a tool summary, every tool together. */
export interface InstallationRow extends CountsRow {
  /** Its name on the server over many. */
  name: string
  /** The CMS's own name for it. */
  cmsName: string
  runs: number
}

/** The row of one installation's summary: its calls of every tool summed, and its runs. */
export function installationRowOf(
  entry: { name: string; installation: string },
  summary: ToolSummary,
): InstallationRow {
  const outcomes = emptyRecord<number>()
  for (const counts of Object.values(summary.byTool)) addCounts(outcomes, counts)
  return {
    ...countsRowOf(outcomes),
    name: entry.name,
    cmsName: entry.installation,
    runs: summary.runs,
  }
}

/** `installations_<from>_<to>.csv`; days as given. */
export function installationsFileName(from: string, to: string): string {
  return `installations_${from}_${to}.csv`
}

/** The breakdown as CSV chunks, rows in the order given. */
export function installationsChunks(
  rows: readonly InstallationRow[],
  filters: { from: IsoDay; to: IsoDay; tz: string; tools: readonly string[] },
): string[] {
  const cells = rows.map((row): CsvValue[] => {
    const byColumn: Record<(typeof INSTALLATIONS_COLUMNS)[number], CsvValue> = {
      installation: row.name,
      cms_name: row.cmsName,
      runs: row.runs,
      ...countsCells(row),
      from: filters.from,
      to: filters.to,
      timezone: filters.tz,
      tools: toolsFilterCell(filters.tools),
    }
    return INSTALLATIONS_COLUMNS.map((column) => byColumn[column])
  })
  return [...csvChunks(INSTALLATIONS_COLUMNS, cells)]
}
