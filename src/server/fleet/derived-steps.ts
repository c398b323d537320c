import type { Dialect } from '../sql/dialect'
import { keyAlias } from '../sql/payload-keys'
import { toolFieldText } from '../view/read-step-groups'
import type { ClickHouse } from './clickhouse'

/**
 * `rd_events` (as `s`) in the place of the CMS's event rows in the view's step rule: a payload
 * field is its column, already the text the CMS's engine gave; texts compare byte by byte.
 */
const EXPORTED: Pick<Dialect, 'exact' | 'field'> = {
  exact: (column) => column,
  field: (_json, key) => `s.${keyAlias(key)}`,
}

/**
 * Makes the `rd_steps` rows of the event rows just sent (`version`, `after < uid ≤ upTo`) inside
 * ClickHouse, instead of reading the CMS a second time: a step row is an event row with a
 * `lround` (the CMS's engine decided it, `exportedEventRows`), its key texts the view's
 * (`toolFieldText`). Rows of `denying` runs are left out: only their steps can have an opener
 * text, and the exporter sends them as the CMS reads them (`readDenyingStepRows`).
 */
export async function deriveStepRows(
  ch: ClickHouse,
  installation: string,
  version: number,
  range: { after: number; upTo: number },
  denying: readonly number[],
): Promise<void> {
  const text = (key: Parameters<typeof toolFieldText>[1]) => toolFieldText(EXPORTED, key)
  await ch.command(
    `INSERT INTO rd_steps (installation, uid, run, crdate, lround, kind, tool, refusal, is_error,
       opened_by, version)
     SELECT s.installation, s.uid, s.run, s.crdate, assumeNotNull(s.lround), s.kind,
       ${text('toolName')}, ${text('toolRefusal')}, ${text('toolIsError')}, NULL, s.version
     FROM rd_events s
     WHERE s.installation = {i:String} AND s.version = {v:UInt64}
       AND s.uid > {after:UInt64} AND s.uid <= {upTo:UInt64}
       AND s.lround IS NOT NULL AND NOT has({denying:Array(UInt64)}, s.run)`,
    { i: installation, v: version, after: range.after, upTo: range.upTo, denying },
  )
}
