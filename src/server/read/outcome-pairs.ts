import type { Step } from '@/domain/contract'
import { isDeniedCall } from '@/domain/denied-calls'
import type { Dialect } from '../sql/dialect'
import { parseJsonText } from './json-text'
import { bound, type Fragment } from '../sql/fragment'

/**
 * The raw JSON texts of `toolRefusal` and `toolIsError` of a group, and of the `approved` of the
 * approval that opened its turn (`stepsWithOpeners`); '' where absent.
 */
export interface OutcomePair {
  refusal: string
  isError: string
  openedBy: string
}

/** The fields of a tool step the outcome rule reads. */
export type OutcomeFieldsOf = Pick<Step, 'toolRefusal' | 'toolIsError' | 'toolDenied'>

/** Which raw pairs the outcome rule, applied in Node, found refused, failed, or countable at all. */
export interface OutcomePairs {
  refused: OutcomePair[]
  failed: OutcomePair[]
  counted: OutcomePair[]
}

/** A tool step's outcome fields decoded from their JSON texts; null where a field is unreadable. */
export interface OutcomeFields {
  toolName: string | null
  outcome: OutcomeFieldsOf | null
}

function parse(raw: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: parseJsonText(raw) }
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
 * `toolRefusal` a string, null, or absent (absent stays absent); `toolDenied: true` when the
 * call follows an approval whose `approved` text is `openedBy` and the one rule
 * (`isDeniedCall`) says it was denied. Anything else: null.
 */
export function decodeOutcome(
  refusal: string | null,
  isError: string | null,
  openedBy: string | null = null,
): OutcomeFieldsOf | null {
  const error = isError === null ? { ok: false as const } : parse(isError)
  const code = refusal === null ? { ok: true as const, value: undefined } : parse(refusal)
  const codeOk =
    code.ok && (code.value === undefined || code.value === null || typeof code.value === 'string')
  if (!error.ok || typeof error.value !== 'boolean' || !codeOk || !code.ok) return null
  const outcome: OutcomeFieldsOf = { toolIsError: error.value }
  if (code.value !== undefined) outcome.toolRefusal = code.value as string | null
  const approved = openedBy === null ? { ok: false as const } : parse(openedBy)
  if (approved.ok && isDeniedCall(error.value, { kind: 'approval', approved: approved.value })) {
    outcome.toolDenied = true
  }
  return outcome
}

/** The fields the outcome rule reads, decoded; null where a part is unreadable. */
export function decodeOutcomeFields(
  tool: string | null,
  refusal: string | null,
  isError: string | null,
  openedBy: string | null = null,
): OutcomeFields {
  return { toolName: decodeToolName(tool), outcome: decodeOutcome(refusal, isError, openedBy) }
}

/**
 * SQL true for a step `s` (with its `s.opened_by`) whose raw texts are one of `pairs` (compared
 * exactly); false for none.
 */
export function pairSql(d: Dialect, pairs: readonly OutcomePair[]): Fragment {
  if (pairs.length === 0) return bound('(1 = 0)')
  const refusal = d.exact(`COALESCE(${d.field('s.j', 'toolRefusal')}, '')`)
  const isError = d.exact(`COALESCE(${d.field('s.j', 'toolIsError')}, '')`)
  const openedBy = d.exact(`COALESCE(s.opened_by, '')`)
  const one = `(${refusal} = ${d.exactParam()} AND ${isError} = ${d.exactParam()} AND ${openedBy} = ${d.exactParam()})`
  return bound(
    `(${pairs.map(() => one).join(' OR ')})`,
    pairs.flatMap((pair) => [pair.refusal, pair.isError, pair.openedBy]),
  )
}
