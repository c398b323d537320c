import { outcomeOf, refusalCodeOf } from '../outcome'
import type { Run, Step } from '../contract'
import { countedTimeIn, type SummaryScope } from '../summary'
import { formatInstant } from '../time'
import type { CsvValue } from './escape'

/** The fields of a run the export reads (a contract `Run` fits). */
export type ExportRun = Pick<Run, 'uuid' | 'startedAt' | 'installation'> & {
  steps: readonly Pick<
    Step,
    | 'kind'
    | 'occurredAt'
    | 'toolName'
    | 'toolIsError'
    | 'toolRefusal'
    | 'toolDenied'
    | 'round'
    | 'sequence'
    | 'durationMs'
  >[]
}

/**
 * One row per counted tool call (the same steps the summary counts), in the order of the runs
 * and their steps, in {@link TOOL_CALLS_COLUMNS} order: times in ISO 8601 with the scope zone's
 * offset, `outcome` one of succeeded / failed / denied / refused, `refusal_code` empty unless refused.
 * No runs (or none in scope) yield nothing.
 */
export function* toolCallRows(
  runs: Iterable<ExportRun>,
  scope: SummaryScope,
): Generator<CsvValue[]> {
  const countedTime = countedTimeIn(scope)
  const zone = scope.buckets.zone
  // The shared per-zone formatter keeps its offset cache from one page to the next.
  const format = (ms: number): string => formatInstant(ms, zone)
  for (const run of runs) {
    let startedAt: string | undefined
    for (const step of run.steps) {
      const t = countedTime(step)
      if (Number.isNaN(t)) continue
      startedAt ??= format(Date.parse(run.startedAt))
      const outcome = outcomeOf(step)
      const code = refusalCodeOf(outcome)
      yield [
        run.uuid,
        startedAt,
        step.round,
        step.sequence,
        format(t),
        step.toolName ?? '',
        code === null ? outcome : 'refused',
        code,
        step.durationMs,
        run.installation ?? '',
      ]
    }
  }
}
