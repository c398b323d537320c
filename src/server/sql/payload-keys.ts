/**
 * The payload keys the server reads, and the only ones: every statement selects these one by one
 * out of the JSON text, never the payload itself, so no prompt, argument or result text leaves
 * the database whatever the privacy level. `suspended_state`, `queued_request` and the MCP
 * server's `url` and `auth_credential` are never named in any statement.
 */
export const PAYLOAD_KEYS = [
  'toolName',
  'toolIsError',
  'toolRefusal',
  'approved',
  'promptTokens',
  'completionTokens',
  'finishReason',
  'writeTargetTable',
  'writeTargetUid',
] as const

export type PayloadKey = (typeof PAYLOAD_KEYS)[number]

/** The column alias of a key in a statement's result (`f0`, `f1`, …: engines fold case). */
export const keyAlias = (key: PayloadKey): string => `f${PAYLOAD_KEYS.indexOf(key)}`
