/** What kind of rule a mismatch broke; one per sentence of the ADR 246 refuse list. */
export type MismatchKind = 'missing' | 'null' | 'kind' | 'enum' | 'additional'

/** One mismatch: `path` names the argument as a person reads it (`''` is the arguments object). */
export interface Mismatch {
  kind: MismatchKind
  path: string
  message: string
}

/** A tool call as the model requested it; `arguments` is the decoded JSON the model sent. */
export interface ToolCall {
  id: string
  name: string
  arguments: unknown
}

/** A tool as it was offered to the model, with the JSON Schema of its parameters. */
export interface OfferedTool {
  name: string
  parameters: unknown
}

/** The answer to one call of a refused turn: `arguments` for a mismatched call, `turn` for the rest. */
export interface CallAnswer {
  id: string
  code: 'arguments' | 'turn'
  text: string
  mismatches: Mismatch[]
}

/** Either the whole turn runs, or none of it does and every call gets an answer. */
export type TurnDecision = { run: true } | { run: false; answers: CallAnswer[] }
