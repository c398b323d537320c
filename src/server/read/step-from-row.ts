import { stepSchema, type Step, type UnreadableStep } from '@/domain/contract'
import { num, text, type Row } from '../db/database'
import { parseJsonText } from './json-text'
import { keyAlias, PAYLOAD_KEYS, type PayloadKey } from '../sql/payload-keys'

/** What one event row becomes: a contract step, a write to attach to its tool step, or both. */
export interface ReadStep {
  step: Step | null
  /** Set on `tool_write` rows: the write's target, for the tool step it belongs to. */
  write: { toolName: string | null; table: string; uid: number } | null
  problem: UnreadableStep | null
}

/** The decoded value of one key: absent, or the JSON value; `bad` when the text is no JSON. */
type Decoded = { present: false } | { present: true; value: unknown }

function decode(row: Row, key: PayloadKey): Decoded {
  const raw = text(row[keyAlias(key)])
  if (raw === null) return { present: false }
  try {
    return { present: true, value: parseJsonText(raw) }
  } catch {
    return { present: true, value: undefined }
  }
}

/** Where a row sits in its run: what an unreadable step reports besides its tool and reason. */
type Place = Pick<UnreadableStep, 'sequence' | 'kind' | 'round' | 'occurredAt'>

export function placeOf(row: Row): Place {
  return {
    sequence: num(row.sequence),
    kind: text(row.kind) ?? '',
    round: num(row.round),
    occurredAt: new Date(num(row.crdate) * 1000).toISOString(),
  }
}

/** The report of a step that could not be read fully. */
export function unreadableStep(
  place: Place,
  toolName: string | null | undefined,
  listed: boolean,
  reason: string,
): UnreadableStep {
  return { ...place, ...(typeof toolName === 'string' ? { toolName } : {}), listed, reason }
}

/** The fields of the outcome rule: without them a tool step cannot be counted. */
const OUTCOME_KEYS: ReadonlySet<string> = new Set(['toolName', 'toolIsError', 'toolRefusal'])

/**
 * One row of `tx_nrllm_agentrun_event` as a contract step. Columns give `sequence`, `kind`,
 * `round`, `durationMs` and `occurredAt` (`crdate`, whole seconds); the payload gives only the
 * allow-listed keys. The contract's own step schema judges the result: a tool step whose name or
 * outcome fields are missing or of the wrong type is not listed (it cannot be counted) and is
 * reported; any other bad field is left out and reported; a payload that is not a JSON object
 * is reported. `toolRefusal` absent stays absent, null stays null.
 */
export function stepFromRow(row: Row): ReadStep {
  const place = placeOf(row)
  const kind = place.kind
  const base = { ...place, durationMs: num(row.duration_ms) }
  const reasons: string[] = []
  if (num(row.is_object) !== 1) reasons.push('its payload is not a JSON object')
  const fields: Record<string, unknown> = {}
  for (const key of PAYLOAD_KEYS) {
    const decoded = decode(row, key)
    if (decoded.present) fields[key] = decoded.value
  }
  const toolName = typeof fields.toolName === 'string' ? fields.toolName : undefined
  if (kind === 'tool_write') return writeFrom(place, fields, toolName)

  const candidate: Record<string, unknown> = { ...base }
  for (const key of ['toolName', 'toolIsError', 'toolRefusal', 'approved'] as const) {
    if (key in fields) candidate[key] = fields[key]
  }
  for (const key of ['promptTokens', 'completionTokens', 'finishReason'] as const) {
    if (key in fields) candidate[key] = fields[key]
  }
  let parsed = stepSchema.safeParse(candidate)
  let listed = true
  // An empty name names no tool: counted as unreadable, as the summary view counts it.
  if (kind === 'tool' && toolName === '') {
    reasons.push('"toolName": empty, so it names no tool')
    listed = false
  }
  while (listed && !parsed.success) {
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')))
    const fatal =
      [...bad].some((key) => key in base || key === '') ||
      (kind === 'tool' && [...bad].some((key) => OUTCOME_KEYS.has(key)))
    reasons.push(...parsed.error.issues.map((issue) => describe(issue.path[0], issue.message)))
    if (fatal) {
      listed = false
      break
    }
    const removable = [...bad].filter((key) => key in candidate)
    if (removable.length === 0) {
      listed = false
      break
    }
    for (const key of removable) delete candidate[key]
    parsed = stepSchema.safeParse(candidate)
  }
  const step = listed && parsed.success ? parsed.data : null
  const problem =
    reasons.length === 0
      ? null
      : unreadableStep(place, toolName, step !== null, [...new Set(reasons)].join('; '))
  return { step, write: null, problem }
}

function describe(key: PropertyKey | undefined, message: string): string {
  return key === undefined || key === '' ? message : `"${String(key)}": ${message}`
}

function writeFrom(
  place: Place,
  fields: Record<string, unknown>,
  toolName: string | undefined,
): ReadStep {
  const table = fields.writeTargetTable
  const uid = fields.writeTargetUid
  if (typeof table === 'string' && typeof uid === 'number' && Number.isInteger(uid)) {
    return { step: null, write: { toolName: toolName ?? null, table, uid }, problem: null }
  }
  return {
    step: null,
    write: null,
    problem: unreadableStep(
      place,
      toolName,
      false,
      'a tool_write step without a readable writeTargetTable and writeTargetUid',
    ),
  }
}
