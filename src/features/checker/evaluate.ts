import {
  checkTurn,
  explainArguments,
  type CallAnswer,
  type LenientPass,
  type OfferedTool,
} from '@/checker'
import { parseJsonText, type JsonSyntaxError } from '@/domain/playground'

/** One call as typed in the playground: a tool and its arguments as JSON text. */
export interface TypedCall {
  id: string
  tool: string
  text: string
}

/** Per call id, the values that passed only by one of the ADR's lenient casts (none: absent). */
export type LenientPasses = ReadonlyMap<string, readonly LenientPass[]>

export type Evaluation =
  /** Some arguments are not JSON: no answer until they are (the loop never sees such a call). */
  | { status: 'syntax'; errors: ReadonlyMap<string, JsonSyntaxError> }
  | { status: 'run'; passes: LenientPasses }
  | { status: 'refused'; answers: ReadonlyMap<string, CallAnswer>; passes: LenientPasses }

/**
 * What the loop would answer a turn of typed calls, by the very check it runs (`checkTurn`),
 * and per call which values passed only by a lenient cast. Blank text is a call without
 * arguments; no calls give `run`. Never sends anything anywhere.
 */
export function evaluateTurn(calls: readonly TypedCall[], offered: OfferedTool[]): Evaluation {
  const errors = new Map<string, JsonSyntaxError>()
  const decoded = calls.map((call) => {
    const parsed = parseJsonText(call.text)
    if (parsed.status === 'error') errors.set(call.id, parsed.error)
    return {
      id: call.id,
      name: call.tool,
      arguments: parsed.status === 'ok' ? parsed.value : undefined,
    }
  })
  if (errors.size > 0) return { status: 'syntax', errors }
  const passes = new Map<string, readonly LenientPass[]>()
  for (const call of decoded) {
    // The first schema of a name counts, as in checkTurn.
    const tool = offered.find((t) => t.name === call.name)
    if (tool === undefined) continue
    const found = explainArguments(tool.parameters, call.arguments).passes
    if (found.length > 0) passes.set(call.id, found)
  }
  const decision = checkTurn(decoded, offered)
  if (decision.run) return { status: 'run', passes }
  return {
    status: 'refused',
    answers: new Map(decision.answers.map((a) => [a.id, a])),
    passes,
  }
}
