import type { RemoteHints } from './contract'

/**
 * The longest `remote_annotations` text that is read. An honest block (four hints and a title)
 * is about 150 characters; the CMS stores whatever the remote server sent, with no limit of its
 * own, so a longer text is left unread rather than parsed on every `/tools`.
 */
export const REMOTE_ANNOTATIONS_MAX_LENGTH = 4096

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const

/**
 * What an MCP server declared about its tool, read from `tx_nrllm_mcp_tool.remote_annotations`:
 * the `annotations` block the server sent, stored verbatim as JSON text by the CMS for display
 * (written by a third party: anything may be in it). Only the four boolean hints are read, each
 * only when it is a boolean; a title, other keys and values of other types are left out.
 * Undefined when the text is null or empty, longer than `REMOTE_ANNOTATIONS_MAX_LENGTH`, not
 * JSON, not a JSON object (PHP stores an empty block as `[]`), or holds no boolean hint.
 */
export function remoteHintsOf(stored: string | null | undefined): RemoteHints | undefined {
  if (!stored || stored.length > REMOTE_ANNOTATIONS_MAX_LENGTH) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(stored)
  } catch {
    return undefined
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined
  const hints: RemoteHints = {}
  for (const key of HINTS) {
    const value: unknown = Object.hasOwn(parsed, key)
      ? (parsed as Record<string, unknown>)[key]
      : undefined
    if (typeof value === 'boolean') hints[key] = value
  }
  return Object.keys(hints).length > 0 ? hints : undefined
}

/**
 * The hints as the CMS would store them (`json_encode` of the block the server sent): for the
 * simulated installation's rows and the seed. Empty when there are none.
 */
export function remoteAnnotationsText(hints: RemoteHints | undefined): string {
  return hints === undefined ? '' : JSON.stringify(hints)
}
