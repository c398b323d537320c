import type { Step } from '@/domain/contract'
import type { Dialect } from '../sql/dialect'
import { bound, type Fragment } from '../sql/fragment'

/** The raw JSON texts of `toolRefusal` and `toolIsError` of a group ('' when absent). */
export interface OutcomePair {
  refusal: string
  isError: string
}

/** Which raw pairs the outcome rule, applied in Node, found refused, failed, or countable at all. */
export interface OutcomePairs {
  refused: OutcomePair[]
  failed: OutcomePair[]
  counted: OutcomePair[]
}

/** A tool step's outcome fields decoded from their JSON texts; null where a field is unreadable. */
export interface OutcomeFields {
  toolName: string | null
  outcome: Pick<Step, 'toolRefusal' | 'toolIsError'> | null
}

function parse(raw: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(raw) }
  } catch {
    return { ok: false }
  }
}

/** A tool step's `toolName` from its JSON text: a non-empty string, else null (unreadable). */
export function decodeToolName(tool: string | null): string | null {
  const name = tool === null ? { ok: false as const } : parse(tool)
  return name.ok && typeof name.value === 'string' && name.value !== '' ? name.value : null
}

/**
 * The outcome fields from their JSON texts, as the contract types them: `toolIsError` a boolean;
 * `toolRefusal` a string, null, or absent (absent stays absent). Anything else: null.
 */
export function decodeOutcome(
  refusal: string | null,
  isError: string | null,
): Pick<Step, 'toolRefusal' | 'toolIsError'> | null {
  const error = isError === null ? { ok: false as const } : parse(isError)
  const code = refusal === null ? { ok: true as const, value: undefined } : parse(refusal)
  const codeOk =
    code.ok && (code.value === undefined || code.value === null || typeof code.value === 'string')
  if (!error.ok || typeof error.value !== 'boolean' || !codeOk || !code.ok) return null
  const outcome: Pick<Step, 'toolRefusal' | 'toolIsError'> = { toolIsError: error.value }
  if (code.value !== undefined) outcome.toolRefusal = code.value as string | null
  return outcome
}

/** The three fields the outcome rule reads, decoded; null where a part is unreadable. */
export function decodeOutcomeFields(
  tool: string | null,
  refusal: string | null,
  isError: string | null,
): OutcomeFields {
  return { toolName: decodeToolName(tool), outcome: decodeOutcome(refusal, isError) }
}

/** SQL true for a step `s` whose raw pair is one of `pairs` (compared exactly); false for none. */
export function pairSql(d: Dialect, pairs: readonly OutcomePair[]): Fragment {
  if (pairs.length === 0) return bound('(1 = 0)')
  const refusal = d.exact(`COALESCE(${d.field('s.j', 'toolRefusal')}, '')`)
  const isError = d.exact(`COALESCE(${d.field('s.j', 'toolIsError')}, '')`)
  const one = `(${refusal} = ${d.exactParam()} AND ${isError} = ${d.exactParam()})`
  return bound(
    `(${pairs.map(() => one).join(' OR ')})`,
    pairs.flatMap((pair) => [pair.refusal, pair.isError]),
  )
}
