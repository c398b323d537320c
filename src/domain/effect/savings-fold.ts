import { KNOWN_REFUSAL_CODES } from '../contract'
import { refusalCodeOf, type OutcomeKey } from '../outcome'
import type { EffectSummary, Side } from './effect-summary'

/** A call the argument check refused (code `arguments` or `turn`), counted or not. */
export interface RefusedCall {
  tool: string
  round: number
  side: Side | null
}

export interface CatalogueSets {
  approval: ReadonlySet<string>
  input: ReadonlySet<string>
  mcp: ReadonlySet<string>
  known: ReadonlySet<string>
}

const checkCodes: ReadonlySet<string> = new Set(KNOWN_REFUSAL_CODES)

/** True for the two codes of the ADR 246 check; other refusal codes were not the check's doing. */
export function isCheckRefusal(outcome: OutcomeKey): boolean {
  const code = refusalCodeOf(outcome)
  return code !== null && checkCodes.has(code)
}

/**
 * Adds one run's refused turns into `result`. A turn (one round of the run) counts when it holds
 * a counted refused call, on that call's side; it spares one approval card when any refused call
 * of the turn is approval-bound and one question when any is input-bound (one turn, one
 * decision). Each counted refused call of an MCP tool (catalogue source, else the `mcp_` name)
 * spares one external call; counted refused calls of tools missing from the catalogue are
 * counted apart. No refused calls add nothing.
 */
export function countRefusedTurns(
  refused: readonly RefusedCall[],
  flags: CatalogueSets,
  result: EffectSummary,
): void {
  if (refused.length === 0) return
  const turns = new Map<number, { side: Side | null; tools: string[] }>()
  for (const call of refused) {
    const turn = turns.get(call.round) ?? { side: null, tools: [] }
    turn.tools.push(call.tool)
    turn.side ??= call.side
    turns.set(call.round, turn)
    if (call.side === null) continue
    const saved = result[call.side].saved
    const mcp = flags.known.has(call.tool) ? flags.mcp.has(call.tool) : call.tool.startsWith('mcp_')
    if (mcp) saved.externalCalls++
    if (!flags.known.has(call.tool)) saved.refusedOutsideCatalogue++
  }
  for (const { side, tools } of turns.values()) {
    if (side === null) continue
    const saved = result[side].saved
    saved.refusedTurns++
    if (tools.some((t) => flags.approval.has(t))) saved.approvalCards++
    if (tools.some((t) => flags.input.has(t))) saved.questions++
  }
}
