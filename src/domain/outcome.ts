import type { Step } from './contract'

/**
 * The outcome of one tool call, as a key: `succeeded`, `failed`, or `refused:<code>`.
 * Every count in the dashboard derives from {@link outcomeOf}; nothing else decides it.
 */
export type OutcomeKey = 'succeeded' | 'failed' | `refused:${string}`

/**
 * The contract's outcome rule for a `tool` step: a non-null `toolRefusal` (any string, known or
 * not) makes the call refused under that code; otherwise `toolIsError: true` makes it failed;
 * otherwise it succeeded. A missing `toolRefusal` or `toolIsError` counts as null / false.
 */
export function outcomeOf(step: Pick<Step, 'toolRefusal' | 'toolIsError'>): OutcomeKey {
  const refusal = step.toolRefusal
  if (typeof refusal === 'string') return `refused:${refusal}`
  return step.toolIsError === true ? 'failed' : 'succeeded'
}

/** The refusal code of an outcome key, or null when the call was not refused. */
export function refusalCodeOf(key: OutcomeKey): string | null {
  return key.startsWith('refused:') ? key.slice('refused:'.length) : null
}
