import { num, text, type Database, type Row } from '../db/database'
import { DIALECTS, type Dialect } from '../sql/dialect'
import { bound, integerIn, raw, sql } from '../sql/fragment'
import { EVENTS } from '../sql/tables'
import { denyingRuns, openersFor, stepsWithOpeners } from '../read/turn-opener'
import { BUCKET_SECONDS, ROUNDS_MASK_TOP, type StepGroup } from './step-store'

const TOP = String(ROUNDS_MASK_TOP)

/** A tool step's payload field `key` of `s.j` as exact text; null for a step of another kind. */
export const toolFieldText = (
  d: Pick<Dialect, 'exact' | 'field'>,
  key: 'toolName' | 'toolRefusal' | 'toolIsError',
) => `CASE WHEN ${d.exact('s.kind')} = 'tool' THEN ${d.exact(d.field('s.j', key))} END`

/** The texts a step's group key is made of (`s` of `stepsWithOpeners`), as columns. */
const keyColumns = (d: Dialect) =>
  `${d.exact('s.kind')} AS kind, ${toolFieldText(d, 'toolName')} AS tool,
  ${toolFieldText(d, 'toolRefusal')} AS refusal, ${toolFieldText(d, 'toolIsError')} AS is_error,
  ${d.exact('s.opened_by')} AS opened_by`

/** A step's key texts: its kind, and for a tool step its name, refusal, error and opener texts. */
export type StepKeyTexts = Pick<StepGroup, 'kind' | 'tool' | 'refusal' | 'isError' | 'openedBy'>

/** The key texts of a row read with {@link keyColumns}. */
const keyTextsOf = (row: Row): StepKeyTexts => ({
  kind: text(row.kind) ?? '',
  tool: text(row.tool),
  refusal: text(row.refusal),
  isError: text(row.is_error),
  openedBy: text(row.opened_by),
})

/**
 * The steps with `after < uid ≤ upTo`, `tool_write` rows left out, grouped as the view keeps
 * them: by quarter hour, run, kind and the raw texts of the outcome fields (with, for a failing
 * call, the `approved` text of its turn's approval, `stepsWithOpeners`), and by how many of the
 * group's steps each listed round holds — so the rounds a group lists (bits up to
 * `ROUNDS_MASK_TOP`; a higher round is a group of its own, and steps `/runs` lists with no
 * round one whose bits are 0) each hold `steps / rounds` of its steps, and a run's calls per round are
 * known without reading them (the effect's recovery).
 * Texts are compared exactly (no case folding, no padding), so MariaDB's collation cannot merge
 * two tool names. Both bounds are given even for the newest rows: without statistics (a table
 * never analysed) PostgreSQL reads the whole table for `uid > ?` alone, but takes the primary key
 * for a range.
 */
export async function readStepGroups(
  db: Database,
  after: number,
  upTo: number,
): Promise<StepGroup[]> {
  const d = DIALECTS[db.engine]
  const range = bound('e.uid > ? AND e.uid <= ?', [after, upTo])
  const statement = sql`SELECT g.bucket, g.run, g.kind, g.tool, g.refusal, g.is_error, g.opened_by,
      CASE WHEN g.lround > ${raw(TOP)} THEN g.lround WHEN g.lround >= 1 THEN 0 ELSE -1 END
        AS high_round, g.per_round,
      ${raw(d.bitOr(`CASE WHEN g.lround BETWEEN 1 AND ${TOP} THEN ${d.bit('g.lround - 1')} ELSE 0 END`))}
        AS round_bits, SUM(g.per_round) AS steps
    FROM (SELECT ${bound(d.intDiv('s.crdate'), [BUCKET_SECONDS])} AS bucket, s.run,
        ${raw(keyColumns(d))}, s.lround, COUNT(*) AS per_round
      FROM ${await openersFor(db, range)}
      GROUP BY 1, 2, 3, 4, 5, 6, 7, 8) g
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9`
  const rows = await db.query(statement.sql, statement.params, { bulk: true })
  return rows.map(stepGroupOf)
}

/**
 * A group as {@link readStepGroups} selects it (`bucket`, `run`, the key texts, `steps`,
 * `high_round`, `round_bits`), from the CMS's tables or from the fleet's exported steps.
 */
export const stepGroupOf = (row: Row): StepGroup => ({
  bucket: num(row.bucket),
  run: num(row.run),
  ...keyTextsOf(row),
  steps: num(row.steps),
  rounds: num(row.high_round) > 0 ? -num(row.high_round) : num(row.round_bits),
})

/** The highest event uid, 0 for an empty table. */
export async function topEventUid(db: Database): Promise<number> {
  const [row] = await db.query(`SELECT MAX(uid) AS top FROM ${EVENTS}`)
  return num(row?.top) || 0
}

/** One step as the view's groups read it ({@link readStepGroups}), before grouping. */
export interface StepRow extends StepKeyTexts {
  uid: number
  run: number
  crdate: number
  /** The round `/runs` lists the step with, else 0 or below. */
  lround: number
}

/**
 * The step rows with `after < uid ≤ upTo` of the runs that may hold a denied call among them
 * (`denyingRuns`), one row each with the texts {@link readStepGroups} groups them by, their
 * opener's included; `runs` are those runs. Every other step row of the range has no opener
 * text: the fleet's exporter makes its row from the event row it sends (`exportedEventRows`).
 */
export async function readDenyingStepRows(
  db: Database,
  after: number,
  upTo: number,
): Promise<{ runs: number[]; rows: StepRow[] }> {
  const range = bound('e.uid > ? AND e.uid <= ?', [after, upTo])
  const runs = await denyingRuns(db, range)
  if (runs.length === 0) return { runs, rows: [] }
  const d = DIALECTS[db.engine]
  const theirs = sql`${range} AND ${integerIn('e.run', runs)}`
  const statement = sql`SELECT s.uid, s.run, s.crdate, s.lround, ${raw(keyColumns(d))}
    FROM ${stepsWithOpeners(d, theirs, runs)}`
  const rows = await db.query(statement.sql, statement.params, { bulk: true })
  return {
    runs,
    rows: rows.map((row) => ({
      uid: num(row.uid),
      run: num(row.run),
      crdate: num(row.crdate),
      lround: num(row.lround),
      ...keyTextsOf(row),
    })),
  }
}
