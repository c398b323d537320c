import type { Meta } from '@/domain/contract'
import { num, type Database } from '../db/database'
import { DIALECTS } from '../sql/dialect'
import type { Settings } from '../setup/settings'
import { EVENTS, isStepRow } from '../sql/tables'

const iso = (seconds: number): string | null =>
  Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : null

/** `GET /meta`: the settings file's configuration and the first and last recorded step. */
export async function readMeta(db: Database, settings: Settings): Promise<Meta> {
  const notWrite = isStepRow(DIALECTS[db.engine], 'e')
  // Not MIN/MAX with the kind filter: SQLite and MariaDB then read every row (0.4 s at a million
  // steps, on every page load). The first row in `crdate` order is read off the CMS's declared
  // `crdate` index on all three engines, skipping only the writes at that end.
  const edge = (order: 'ASC' | 'DESC') =>
    `(SELECT e.crdate FROM ${EVENTS} e WHERE ${notWrite} ORDER BY e.crdate ${order} LIMIT 1)`
  const [row] = await db.query(`SELECT ${edge('ASC')} AS earliest, ${edge('DESC')} AS latest`)
  return metaOf(settings, num(row?.earliest), num(row?.latest))
}

/** `/meta` of the settings and the first and last step's `crdate` (epoch seconds; NaN: none). */
export function metaOf(settings: Settings, earliest: number, latest: number): Meta {
  return {
    installation: settings.installation,
    privacyLevel: settings.privacyLevel,
    earliestAt: iso(earliest),
    latestAt: iso(latest),
    retentionDays: settings.retentionDays,
    argumentCheckSince: settings.argumentCheckSince,
  }
}
