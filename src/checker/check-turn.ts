import { collectMismatches, MAX_MISMATCHES } from './check-arguments'
import { quote, truncate } from './preview'
import type { CallAnswer, Mismatch, OfferedTool, ToolCall, TurnDecision } from './types'

/** Tool names are cut here in answers; real names have at most 64 characters. */
const NAME_LENGTH = 128
/** How many refused tools a Not run answer names before "and others". */
const NAMED_TOOLS = 3

/** A tool name for one line of text: JSON-quoted, so quotes and newlines cannot break it. */
function toolName(name: unknown): string {
  return quote(truncate(typeof name === 'string' ? name : String(name), NAME_LENGTH))
}

/** The Refused answer: the fixed first sentence, then one mismatch per line. */
export function refusedText(name: string, mismatches: readonly Mismatch[]): string {
  const head = `Refused: the arguments do not match the schema of tool ${toolName(name)}, so nothing was run.`
  return [head, ...mismatches.map((m) => `- ${m.message}`)].join('\n')
}

/** The Not run answer for a fitting call beside refused ones; `refused` names their tools. */
export function notRunText(name: string, refused: readonly string[]): string {
  const unique = [...new Set(refused)]
  const named = unique.slice(0, NAMED_TOOLS).map(toolName)
  const others = unique.length > NAMED_TOOLS ? ' and others' : ''
  const which =
    unique.length === 1
      ? `the call of tool ${named.join('')} was refused for arguments that do not match its schema`
      : `calls of tools ${named.join(', ')}${others} were refused for arguments that do not match their schemas`
  return `Not run: ${which}, so no call of this turn was run; send this call of tool ${toolName(name)} again together with the corrected call.`
}

/**
 * Decides a turn (ADR 246): when every call of a tool that was offered fits its schema, the
 * turn runs; otherwise nothing runs and every call is answered — the mismatched ones with
 * Refused and their list (code `arguments`), all others with Not run (code `turn`). A call of a
 * tool that was not offered is not judged (the loop answers it as an unknown tool). No calls
 * give `{ run: true }`. When a name is offered twice, the first schema counts.
 */
export function checkTurn(calls: ToolCall[], offered: OfferedTool[]): TurnDecision {
  const schemas = new Map<unknown, unknown>()
  for (const tool of Array.isArray(offered) ? offered : []) {
    if (typeof tool === 'object' && tool !== null && !schemas.has(tool.name)) {
      schemas.set(tool.name, tool.parameters)
    }
  }
  const list = (Array.isArray(calls) ? calls : []).filter(
    (call): call is ToolCall => typeof call === 'object' && call !== null,
  )
  const found = list.map((call): Mismatch[] => {
    if (!schemas.has(call.name)) return []
    return collectMismatches(schemas.get(call.name), call.arguments, MAX_MISMATCHES)
  })
  const refused = list.filter((_, i) => (found[i]?.length ?? 0) > 0).map((call) => call.name)
  if (refused.length === 0) return { run: true }
  const answers = list.map((call, i): CallAnswer => {
    const mismatches = found[i] ?? []
    if (mismatches.length > 0) {
      return {
        id: call.id,
        code: 'arguments',
        text: refusedText(call.name, mismatches),
        mismatches,
      }
    }
    return { id: call.id, code: 'turn', text: notRunText(call.name, refused), mismatches: [] }
  })
  return { run: false, answers }
}
