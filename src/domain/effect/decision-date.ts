import type { Meta } from '../contract'

/** Where the decision date came from: the URL, `/meta`, or the first refusal in the data. */
export type DecisionSource = 'url' | 'meta' | 'first-refusal'

export interface Decision {
  ms: number
  source: DecisionSource
}

export interface DecisionInputs {
  /** `since=` from the URL, already parsed; null when absent or ignored. */
  sinceMs: number | null
  argumentCheckSince: Meta['argumentCheckSince']
  /** The time of the first step carrying any refusal code; null when none (or not looked up). */
  firstRefusalMs: number | null
}

const usable = (ms: number | null): ms is number => ms !== null && Number.isFinite(ms)

/**
 * The decision date: `since=` from the URL, else `/meta`'s `argumentCheckSince`, else the first
 * step that carries any refusal code. Null when none of them is known (or parseable).
 */
export function decisionDate(inputs: DecisionInputs): Decision | null {
  if (usable(inputs.sinceMs)) return { ms: inputs.sinceMs, source: 'url' }
  const meta = inputs.argumentCheckSince === null ? NaN : Date.parse(inputs.argumentCheckSince)
  if (Number.isFinite(meta)) return { ms: meta, source: 'meta' }
  if (usable(inputs.firstRefusalMs)) return { ms: inputs.firstRefusalMs, source: 'first-refusal' }
  return null
}

/** True when only the data can tell the decision date: no usable `since=` and none in `/meta`. */
export function needsFirstRefusal(
  sinceMs: number | null,
  argumentCheckSince: Meta['argumentCheckSince'],
): boolean {
  return decisionDate({ sinceMs, argumentCheckSince, firstRefusalMs: null }) === null
}
