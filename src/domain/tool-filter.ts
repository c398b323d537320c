/**
 * Which tool calls a question about some tools counts: one rule for the browser's folds
 * (`summary/scope.ts`) and the API server's view (`server/view/key-roles.ts`). The mock keeps
 * its own copy on purpose, as the tests' oracle.
 */

/** The tools asked for, or null when none are: every tool counts. */
export type ToolFilter = ReadonlySet<string> | null

export const toolFilter = (tools: readonly string[]): ToolFilter =>
  tools.length > 0 ? new Set(tools) : null

/** A call whose tool name could be read counts when no filter is on or it names a selected tool. */
export const countsCall = (filter: ToolFilter, name: string): boolean =>
  filter === null || filter.has(name)

/**
 * A call that could not be read (its name or its outcome) counts unless a filter is on and its
 * name, read as a string, is not one of the tools asked for: a name that cannot be read may be
 * a selected one.
 */
export const countsUnreadableCall = (filter: ToolFilter, name: unknown): boolean =>
  filter === null || typeof name !== 'string' || filter.has(name)
