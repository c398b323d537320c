/**
 * Which tool calls a filter on some tools counts: the one rule of the browser's folds
 * (`summary/scope.ts`) and the server's view (`server/view/key-roles.ts`); the mock keeps its own
 * copy as the tests' oracle. A filter is made once per question: null when no tool is asked for.
 */
export type ToolFilter = ReadonlySet<string> | null
export const toolFilter = (tools: readonly string[]): ToolFilter =>
  tools.length > 0 ? new Set(tools) : null

/** A call whose name could be read counts when no filter is on or it names a selected tool. */
export const countsCall = (filter: ToolFilter, name: string): boolean =>
  filter === null || filter.has(name)

/** An unreadable call (name or outcome) counts unless its name is a string the filter refuses. */
export const countsUnreadableCall = (filter: ToolFilter, name: unknown): boolean =>
  // A name that cannot be read may be a selected tool's.
  typeof name !== 'string' || countsCall(filter, name)
