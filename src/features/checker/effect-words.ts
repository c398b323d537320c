import type { RemoteHints, Tool } from '@/domain/contract'

const EFFECTS: Readonly<Record<string, string>> = {
  read_only: 'reads',
  idempotent_write: 'writes (idempotent)',
  non_idempotent_write: 'writes (not idempotent)',
}

/** A tool's effect in words; an effect this dashboard does not know is shown as it came. */
export const effectWords = (effect: string): string => EFFECTS[effect] ?? effect

/** What "assumed" means, for the legend, the tooltip and screen readers alike. */
export const ASSUMED_MEANING =
  'The CMS cannot see what an MCP tool does, so it treats every one as a write that must not be repeated, whatever its MCP server says about it. What the server says is its claim only: it changes neither the effect nor whether an editor must approve the calls, which the operator sets per MCP server.'

const HINT_WORDS: readonly [keyof RemoteHints, string, string][] = [
  ['readOnlyHint', 'read-only', 'writes'],
  ['destructiveHint', 'destructive', 'not destructive'],
  ['idempotentHint', 'idempotent', 'not idempotent'],
  ['openWorldHint', 'open world', 'closed world'],
]

/**
 * What a tool's MCP server says about it, in words (`read-only, idempotent`), in a fixed order;
 * null when it says nothing (no hints, or none set).
 */
export function remoteClaim(hints: RemoteHints | undefined): string | null {
  if (hints === undefined) return null
  const words = HINT_WORDS.flatMap(([key, yes, no]) => {
    const value = hints[key]
    return value === undefined ? [] : [value ? yes : no]
  })
  return words.length > 0 ? words.join(', ') : null
}

/**
 * The line under a tool's effect: whether it is assumed and what its MCP server says
 * (`assumed — server says: read-only`, `assumed — server declares nothing`, `server says: …`);
 * null for a tool that says neither (built-in tools, and every tool of an installation that
 * does not tell).
 */
export function effectNote(tool: Pick<Tool, 'effectAssumed' | 'remoteHints'>): string | null {
  const claim = remoteClaim(tool.remoteHints)
  const assumed = tool.effectAssumed === true
  const server =
    claim !== null ? `server says: ${claim}` : assumed ? 'server declares nothing' : null
  const parts = [assumed ? 'assumed' : null, server].filter((part) => part !== null)
  return parts.length > 0 ? parts.join(' — ') : null
}
