import type { Run, RunRowItem, Step, UnreadableStep } from '../contract'
import { outcomeOf, refusalCodeOf } from '../outcome'
import { emptyRecord, type Counts } from '../summary/records'

/**
 * One run as the runs list keeps it: a handful of numbers instead of its steps, so 100,000
 * runs fit in memory. Counts are of the *counted* tool calls (tool steps of the selected tools
 * inside the range, see `countedTimeIn`); rounds and duration describe the whole run.
 */
export interface RunRow extends Pick<Run, 'uuid' | 'configuration' | 'status'> {
  /** `startedAt` in epoch ms (NaN when unparsable). */
  startedMs: number
  /** Distinct rounds (≥ 1) among all the run's steps. */
  rounds: number
  toolCalls: number
  failed: number
  /** Calls an editor denied (they never ran). */
  denied: number
  refusedArguments: number
  refusedTurn: number
  /** Calls refused under any other code (the sum of `otherCodes`). */
  refusedOther: number
  /** Code → calls for codes other than arguments and turn; null when there are none. */
  otherCodes: Counts | null
  /** `finishedAt − startedAt` in ms; null while the run is not finished (or a time is bad). */
  durationMs: number | null
}

/** The fields of a step a row reads. */
export type RowStep = Pick<
  Step,
  'kind' | 'round' | 'occurredAt' | 'toolName' | 'toolIsError' | 'toolRefusal' | 'toolDenied'
>
/** The fields of a step that could not be read fully that the runs list reads. */
export type RowUnreadableStep = Pick<UnreadableStep, 'kind' | 'occurredAt' | 'toolName'>
/** The fields of a run a row reads (a contract `Run` fits). */
export type RowRun = Pick<Run, 'uuid' | 'configuration' | 'status' | 'startedAt' | 'finishedAt'> & {
  steps: readonly RowStep[]
  unreadableSteps?: readonly RowUnreadableStep[]
}

/**
 * The compact row of `run`. `countedTime` is `countedTimeIn(scope)`: a step counts when it gives
 * a number, by the outcome rule (`outcomeOf`). A run without steps gives zero rounds and calls.
 */
export function runRowOf(run: RowRun, countedTime: (step: RowStep) => number): RunRow {
  const rounds = new Set<number>()
  const row: RunRow = {
    uuid: run.uuid,
    configuration: run.configuration,
    status: run.status,
    startedMs: Date.parse(run.startedAt),
    rounds: 0,
    toolCalls: 0,
    failed: 0,
    denied: 0,
    refusedArguments: 0,
    refusedTurn: 0,
    refusedOther: 0,
    otherCodes: null,
    durationMs: null,
  }
  for (const step of run.steps) {
    if (step.round > 0) rounds.add(step.round)
    if (Number.isNaN(countedTime(step))) continue
    row.toolCalls++
    const outcome = outcomeOf(step)
    if (outcome === 'failed') row.failed++
    else if (outcome === 'denied') row.denied++
    const code = refusalCodeOf(outcome)
    if (code === 'arguments') row.refusedArguments++
    else if (code === 'turn') row.refusedTurn++
    else if (code !== null) {
      row.refusedOther++
      const codes = (row.otherCodes ??= emptyRecord<number>())
      codes[code] = (codes[code] ?? 0) + 1
    }
  }
  row.rounds = rounds.size
  row.durationMs = durationOf(row.startedMs, msOf(run.finishedAt))
  return row
}

/** An instant's epoch ms; NaN for none (an unfinished run's end) or an unparsable one. */
const msOf = (instant: string | null): number =>
  instant === null ? Number.NaN : Date.parse(instant)

/** `finished − started` in ms, never below 0; null while unfinished (or a time is bad). */
export function durationOf(startedMs: number, finishedMs: number): number | null {
  const duration = finishedMs - startedMs
  return Number.isFinite(duration) ? Math.max(0, duration) : null
}

/** What a row of a run the server counted is made of, its times aside. */
export type CountedRun = Omit<RunRowItem, 'startedAt' | 'finishedAt'>

/**
 * The compact row of a run the server counted (`GET /run-rows`): the same fields
 * {@link runRowOf} gives from the run's steps.
 */
export function runRowFromItem(item: RunRowItem): RunRow {
  return runRowOfCounts(item, msOf(item.startedAt), msOf(item.finishedAt))
}

/** A counted run's refused calls as a row holds them: arguments, turn, and the other codes. */
export function splitRefused(refused: CountedRun['refused']) {
  let refusedOther = 0
  let otherCodes: Counts | null = null
  let refusedArguments = 0
  let refusedTurn = 0
  for (const { code, calls } of refused) {
    if (code === 'arguments') refusedArguments += calls
    else if (code === 'turn') refusedTurn += calls
    else if (calls > 0) {
      refusedOther += calls
      otherCodes ??= emptyRecord<number>()
      otherCodes[code] = (otherCodes[code] ?? 0) + calls
    }
  }
  return { refusedArguments, refusedTurn, refusedOther, otherCodes }
}

/**
 * {@link runRowFromItem} of a run whose start and end are at hand as epoch ms (NaN for none):
 * the server's own list makes its rows so, without writing and reading the times as text.
 */
export function runRowOfCounts(item: CountedRun, startedMs: number, finishedMs: number): RunRow {
  const { refusedArguments, refusedTurn, refusedOther, otherCodes } = splitRefused(item.refused)
  return {
    uuid: item.uuid,
    configuration: item.configuration,
    status: item.status,
    startedMs,
    rounds: item.rounds,
    toolCalls: item.toolCalls,
    failed: item.failed,
    denied: item.denied,
    refusedArguments,
    refusedTurn,
    refusedOther,
    otherCodes,
    durationMs: durationOf(startedMs, finishedMs),
  }
}
