/** The ADR 246 argument check and turn gate: pure TypeScript, no eval, no DOM. */
export type {
  CallAnswer,
  Mismatch,
  MismatchKind,
  OfferedTool,
  ToolCall,
  TurnDecision,
} from './types'
export { checkArguments, explainArguments } from './check-arguments'
export type { LenientCast, LenientPass } from './lenient-casts'
export { checkTurn } from './check-turn'
export { schemaTree, type SchemaNode, type SchemaNodeRole } from './schema-tree'
