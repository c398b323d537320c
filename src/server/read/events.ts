import type { Step, UnreadableStep } from '@/domain/contract'
import { DenialReader } from '@/domain/denied-calls'
import { num, text, type Database, type Row } from '../db/database'
import { DIALECTS, type Dialect } from '../sql/dialect'
import { bound, integerIn, raw, sql, type Fragment } from '../sql/fragment'
import { keyAlias, PAYLOAD_KEYS } from '../sql/payload-keys'
import { EVENTS } from '../sql/tables'
import { inSlices } from '../turns'
import { stepRound } from './turn-opener'
import { placeOf, stepFromRow, unreadableStep } from './step-from-row'

/**
 * Event rows read per statement, and so the most the server holds of a run's steps at once: a
 * run of 300,000 steps is read and sent in pieces, never whole (decision 0020). Runs smaller than this
 * are read together, several in one statement.
 */
export const STEP_ROWS_PER_STATEMENT = 5000

/** Some of a run's steps, in step order; the run's last piece also has its unreadable steps. */
export interface StepPiece {
  steps: readonly Step[]
  /** Null but in the run's last piece. */
  unreadable: readonly UnreadableStep[] | null
}

/**
 * Where a run's event rows come from: the CMS's event table ({@link eventsOf}), or rows exported
 * from it (the fleet's `rd_events`). Each row has the columns `stepFromRow` reads.
 */
export interface EventSource {
  /** How many event rows each run has. */
  counts(runUids: readonly number[]): Promise<Map<number, number>>
  /** Every event row of `runUids`, in run and step order (`sequence`, then `uid`). */
  together(runUids: readonly number[]): Promise<Row[]>
  /** The first `limit` rows of one run in step order, from `fromSequence` on (null: its start). */
  piece(run: number, fromSequence: number | null, limit: number): Promise<Row[]>
}

/** The event rows of the CMS's own table. */
export function eventsOf(db: Database): EventSource {
  return {
    counts: (runUids) => stepCounts(db, runUids),
    together: (runUids) => stepRows(db, integerIn('e.run', runUids), null),
    piece: (run, fromSequence, limit) =>
      stepRows(
        db,
        fromSequence === null
          ? bound('e.run = ?', [run])
          : bound('e.run = ? AND e.sequence >= ?', [run, fromSequence]),
        limit,
      ),
  }
}

/**
 * The steps of `runUids`, in that order, allow-listed payload keys only, each run in step order
 * in one piece or more. Runs are read together while their steps fit one statement; a larger run
 * is read alone in pieces of {@link STEP_ROWS_PER_STATEMENT} rows (by `sequence`, then `uid`).
 */
export async function* streamSteps(
  source: EventSource,
  runUids: readonly number[],
): AsyncGenerator<StepPiece> {
  const counts = await source.counts(runUids)
  let batch: number[] = []
  let rows = 0
  for (const uid of runUids) {
    const n = counts.get(uid) ?? 0
    if (rows + n > STEP_ROWS_PER_STATEMENT && batch.length > 0) {
      yield* readTogether(source, batch)
      batch = []
      rows = 0
    }
    if (n > STEP_ROWS_PER_STATEMENT) {
      yield* readInPieces(source, uid)
      continue
    }
    batch.push(uid)
    rows += n
  }
  if (batch.length > 0) yield* readTogether(source, batch)
}

/** How many event rows each run has (an index-only count on `(run, sequence)`). */
async function stepCounts(db: Database, runUids: readonly number[]): Promise<Map<number, number>> {
  if (runUids.length === 0) return new Map()
  const counted = sql`SELECT e.run, COUNT(*) AS n FROM ${raw(EVENTS)} e
     WHERE ${integerIn('e.run', runUids)} GROUP BY e.run`
  const rows = await db.query(counted.sql, counted.params)
  return new Map(rows.map((row) => [num(row.run), num(row.n)]))
}

/** The columns of event rows that {@link stepFromRow} reads besides the payload's fields. */
const EVENT_FIELDS = ['uid', 'run', 'sequence', 'kind', 'round', 'duration_ms', 'crdate']
const columnsOf = (alias: string) => EVENT_FIELDS.map((name) => `${alias}.${name}`).join(', ')
const EVENT_COLUMNS = columnsOf('e')

/** `EVENT_COLUMNS` of rows `s`, and the allow-listed fields of their parsed payload `s.j`. */
function parsedColumns(d: Dialect): string {
  const fields = PAYLOAD_KEYS.map((key) => `${d.field('s.j', key)} AS ${keyAlias(key)}`)
  return `${columnsOf('s')}, ${d.isObject('s.j')} AS is_object,
    ${fields.join(', ')}`
}

/**
 * Event rows matching `where` (on `e`), parsed fields only, in run and step order; with `limit`,
 * the first rows only, chosen before any payload is parsed.
 */
export function stepRows(db: Database, where: Fragment, limit: number | null): Promise<Row[]> {
  const d = DIALECTS[db.engine]
  // With a limit the rows are chosen first, in a derived table (MariaDB has no LIMIT inside
  // IN), and only those payloads are parsed.
  const source =
    limit === null
      ? sql`${raw(EVENTS)} e WHERE ${where}`
      : sql`(SELECT ${raw(EVENT_COLUMNS)}, e.payload FROM ${raw(EVENTS)} e WHERE ${where}
             ORDER BY e.run, e.sequence, e.uid LIMIT ${limit}) e`
  const statement = sql`SELECT ${raw(parsedColumns(d))}
     FROM (SELECT ${raw(EVENT_COLUMNS)}, ${raw(d.json('e.payload'))} AS j FROM ${source}) s
     ORDER BY s.run, s.sequence, s.uid`
  return db.query(statement.sql, statement.params, { bulk: true })
}

/**
 * The event rows with `after < uid ≤ upTo` as the fleet's exporter sends them, in no order:
 * {@link stepRows}' columns, and `lround`, the round `/runs` lists a step row with (0 for none),
 * NULL for a row that is no step. What the view's step rows are made of besides their opener.
 */
export function exportedEventRows(db: Database, after: number, upTo: number): Promise<Row[]> {
  const d = DIALECTS[db.engine]
  const statement = sql`SELECT ${raw(parsedColumns(d))}, s.lround
     FROM (SELECT ${raw(EVENT_COLUMNS)}, ${raw(stepRound(d, 'e'))} AS lround,
         ${raw(d.json('e.payload'))} AS j
       FROM ${raw(EVENTS)} e WHERE ${bound('e.uid > ? AND e.uid <= ?', [after, upTo])}) s`
  return db.query(statement.sql, statement.params, { bulk: true })
}

async function* readTogether(
  source: EventSource,
  runUids: readonly number[],
): AsyncGenerator<StepPiece> {
  const byRun = new Map(runUids.map((uid) => [uid, new RunStepsBuilder()]))
  await inSlices(await source.together(runUids), (row) => byRun.get(num(row.run))?.add(row))
  for (const uid of runUids) {
    const built = byRun.get(uid) ?? new RunStepsBuilder()
    yield { steps: built.take(0), unreadable: built.unreadable }
  }
}

async function* readInPieces(source: EventSource, uid: number): AsyncGenerator<StepPiece> {
  const built = new RunStepsBuilder()
  // From the last piece's last sequence on (a range on the (run, sequence) key); rows of that
  // sequence already read are skipped by uid.
  let after: { sequence: number; uid: number } | null = null
  for (;;) {
    const rows = await source.piece(uid, after?.sequence ?? null, STEP_ROWS_PER_STATEMENT)
    const from = after
    const fresh =
      from === null
        ? rows
        : rows.filter((row) => num(row.sequence) > from.sequence || num(row.uid) > from.uid)
    await inSlices(fresh, (row) => built.add(row))
    const last = rows.at(-1)
    if (rows.length < STEP_ROWS_PER_STATEMENT || last === undefined || fresh.length === 0) break
    after = { sequence: num(last.sequence), uid: num(last.uid) }
    // Steps a later tool_write may still belong to stay back (see RunStepsBuilder).
    yield { steps: built.take(STEP_ROWS_PER_STATEMENT), unreadable: null }
  }
  yield { steps: built.take(0), unreadable: built.unreadable }
}

/**
 * One run's steps from its event rows in order. A call an editor denied gets `toolDenied: true`
 * (`DenialReader`, the rule the summary's count applies too). A `tool_write` row becomes the
 * `writeTarget` of the last tool step (of that tool) before it that has none; rows are held back
 * until {@link take}n, so a write finds its call among the steps not yet taken — in a run read in
 * pieces, among the last {@link STEP_ROWS_PER_STATEMENT} or more (the CMS writes it right after).
 */
export class RunStepsBuilder {
  private pending: Step[] = []
  private readonly denials = new DenialReader()
  readonly unreadable: UnreadableStep[] = []

  add(row: Row): void {
    const read = stepFromRow(row)
    if (read.problem !== null) this.unreadable.push(read.problem)
    const kind = text(row.kind) ?? ''
    const denied = this.denials.read({
      sequence: num(row.sequence),
      kind,
      approved: read.step?.approved,
      toolIsError: read.step?.toolIsError,
    })
    if (read.step !== null) {
      if (denied) read.step.toolDenied = true
      this.pending.push(read.step)
    }
    if (read.write === null) return
    const call = lastCall(this.pending, read.write.toolName)
    if (call === undefined) {
      this.unreadable.push(
        unreadableStep(
          placeOf(row),
          read.write.toolName,
          false,
          'a tool_write step with no tool call of that tool before it',
        ),
      )
      return
    }
    call.writeTarget = { table: read.write.table, uid: read.write.uid }
  }

  /** The steps held, but the last `keep`: they are final and leave the builder. */
  take(keep: number): Step[] {
    if (this.pending.length <= keep) return []
    return this.pending.splice(0, this.pending.length - keep)
  }
}

/** The last tool step (of that tool, when named) without a write yet: the call that wrote. */
function lastCall(steps: Step[], toolName: string | null): Step | undefined {
  for (let i = steps.length - 1; i >= 0; i -= 1) {
    const step = steps[i]
    if (step === undefined || step.kind !== 'tool' || step.writeTarget !== undefined) continue
    if (toolName === null || step.toolName === toolName) return step
  }
  return undefined
}
