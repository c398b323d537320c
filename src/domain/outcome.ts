import type { Step } from './contract'

/**
 * The outcome of one tool call, as a key: `succeeded`, `failed`, `denied`, or `refused:<code>`.
 * Every count in the dashboard derives from {@link outcomeOf}; nothing else decides it.
 */
export type OutcomeKey = 'succeeded' | 'failed' | 'denied' | `refused:${string}`

/**
 * The contract's outcome rule for a `tool` step: a non-null `toolRefusal` (any string, known or
 * not) makes the call refused under that code; otherwise `toolDenied: true` makes it denied (an
 * editor declined the turn: the call never ran); otherwise `toolIsError: true` makes it failed;
 * otherwise it succeeded. A missing `toolRefusal`, `toolDenied` or `toolIsError` counts as
 * null / false.
 */
export function outcomeOf(
  step: Pick<Step, 'toolRefusal' | 'toolDenied' | 'toolIsError'>,
): OutcomeKey {
  const refusal = step.toolRefusal
  if (typeof refusal === 'string') return `refused:${refusal}`
  if (step.toolDenied === true) return 'denied'
  return step.toolIsError === true ? 'failed' : 'succeeded'
}

/** The refusal code of an outcome key, or null when the call was not refused. */
export function refusalCodeOf(key: OutcomeKey): string | null {
  return key.startsWith('refused:') ? key.slice('refused:'.length) : null
}
