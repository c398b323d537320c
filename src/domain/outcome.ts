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
  if (typeof refusal === 'string') return refusedKey(refusal)
  return step.toolIsError === true ? 'failed' : 'succeeded'
}

// The refusal key of each code met, made once: a fold meets the same few codes a million times,
// and a key made afresh each time would be hashed afresh wherever it is looked up. Bounded, so
// a server inventing codes cannot grow it without end (past the bound keys are made each time).
const refusedKeys = new Map<string, OutcomeKey>()
const KEPT_CODES = 256

function refusedKey(code: string): OutcomeKey {
  let key = refusedKeys.get(code)
  if (key === undefined) {
    key = `refused:${code}`
    if (refusedKeys.size < KEPT_CODES) refusedKeys.set(code, key)
  }
  return key
}

/** The refusal code of an outcome key, or null when the call was not refused. */
export function refusalCodeOf(key: OutcomeKey): string | null {
  return key.startsWith('refused:') ? key.slice('refused:'.length) : null
}
