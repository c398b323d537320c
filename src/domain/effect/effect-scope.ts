import type { Tool } from '../contract'
import { createScope, type SummaryScope } from '../summary'
import { dayOf } from '../time'
import type { EffectWindows } from './windows'
import { compareStrings } from '../summary/records'

/** The catalogue facts the fold reads. */
export type CatalogueFlags = Pick<Tool, 'name' | 'source' | 'approval' | 'input'>

/**
 * What the effect fold counts: the counting rule's scope (UTC days covering both windows, the
 * selected tools), cut to `[beforeStartMs, afterEndMs)` and split at `decisionMs`; plus the
 * catalogue's flags as sorted name lists. Plain data.
 */
export interface EffectScope {
  scope: SummaryScope
  decisionMs: number
  beforeStartMs: number
  afterEndMs: number
  approvalTools: string[]
  inputTools: string[]
  mcpTools: string[]
  catalogueTools: string[]
}

const sortedNames = (tools: readonly CatalogueFlags[], keep: (t: CatalogueFlags) => boolean) =>
  tools
    .filter(keep)
    .map((t) => t.name)
    .sort(compareStrings)

/**
 * The scope of the windows for the selected `tools` (empty = every tool). Empty windows give a
 * scope that counts nothing; an empty catalogue means no tool's flags are known.
 */
export function createEffectScope(
  windows: EffectWindows,
  tools: readonly string[],
  catalogue: readonly CatalogueFlags[],
): EffectScope {
  const start = windows.before.startMs
  const end = windows.after.endMs
  const scope = createScope({
    from: dayOf(start, 'UTC'),
    to: dayOf(Math.max(start, end - 1), 'UTC'),
    tz: 'UTC',
    tools,
  })
  return {
    scope,
    decisionMs: windows.decisionMs,
    beforeStartMs: start,
    afterEndMs: end,
    approvalTools: sortedNames(catalogue, (t) => t.approval),
    inputTools: sortedNames(catalogue, (t) => t.input),
    mcpTools: sortedNames(catalogue, (t) => t.source === 'mcp'),
    catalogueTools: sortedNames(catalogue, () => true),
  }
}
