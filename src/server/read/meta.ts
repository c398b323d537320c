import type { Meta } from '@/domain/contract'
import { num, type Database } from '../db/database'
import { DIALECTS } from '../sql/dialect'
import type { Settings } from '../setup/settings'
import { EVENTS, WRITE_KIND } from '../sql/tables'

const iso = (seconds: number): string | null =>
  Number.isFinite(seconds) && seconds > 0 ? new Date(seconds * 1000).toISOString() : null

/** `GET /meta`: the settings file's configuration and the first and last recorded step. */
export async function readMeta(db: Database, settings: Settings): Promise<Meta> {
  const [row] = await db.query(
    `SELECT MIN(e.crdate) AS earliest, MAX(e.crdate) AS latest FROM ${EVENTS} e
     WHERE ${DIALECTS[db.engine].exact('e.kind')} <> '${WRITE_KIND}'`,
  )
  return {
    installation: settings.installation,
    privacyLevel: settings.privacyLevel,
    earliestAt: iso(num(row?.earliest)),
    latestAt: iso(num(row?.latest)),
    retentionDays: settings.retentionDays,
    argumentCheckSince: settings.argumentCheckSince,
  }
}
