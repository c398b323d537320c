import { attemptStarts } from '@/domain/runs/attempts'
import type { MockRun, MockStep, StoredLevel } from '@/mocks/installation'

/** Text the CMS keeps verbatim in columns the server must never select; tests look for it. */
export const NEVER_SELECTED = 'NEVER-SELECTED-TRANSCRIPT'

/** The id of the editor every seeded run belongs to: personal data that must not leave. */
export const SEEDED_USER = 12

export interface RunRow {
  uuid: string
  status: string
  configuration_identifier: string
  termination_reason: string
  started_at: number
  finished_at: number
  crdate: number
  tstamp: number
  suspended_state: string
  queued_request: string
  be_user: number
  requeue_count: number
}

export interface EventRow {
  sequence: number
  kind: string
  round: number
  duration_ms: number
  payload: string
  crdate: number
}

const seconds = (iso: string): number => Math.floor(Date.parse(iso) / 1000)
const CONTRACT_KEYS = new Set([
  'sequence',
  'kind',
  'round',
  'occurredAt',
  'durationMs',
  'toolName',
  'toolIsError',
  'toolRefusal',
  'approved',
  'writeTarget',
  // Served by a server that reads the rows, never written by the CMS.
  'toolDenied',
])

/** Rounds a duration as `decimal(10,2)` stores it. */
export const storedDuration = (ms: number): number => Math.round(ms * 100) / 100

/**
 * A run as the CMS records it at privacy level `level` (`metadata` unless said): whole-second
 * times (`started_at = 0` while queued; a requeued run's `started_at` stamped again by its last
 * attempt's claim, its first attempt's start kept only as `crdate`), null fields left out of the
 * payload (so an unrefused call has no `toolRefusal`), the content keys replaced by
 * `contentRedacted` at `none` and `metadata` and kept as text at `redacted` and `full` (a tool
 * result holding U+0000, as results may), the deciding user on approval and input steps, and a
 * write as its own `tool_write` row after its call.
 */
export function recordRun(
  run: MockRun,
  level: StoredLevel = 'metadata',
): { run: RunRow; events: EventRow[] } {
  const started = seconds(run.startedAt)
  const events: EventRow[] = []
  for (const step of run.steps) {
    const at = seconds(step.occurredAt)
    events.push({
      sequence: events.length,
      kind: step.kind,
      round: step.round,
      duration_ms: storedDuration(step.durationMs),
      payload: JSON.stringify(payloadOf(step, level)),
      crdate: at,
    })
    if (step.writeTarget !== undefined && step.toolName !== undefined) {
      events.push({
        sequence: events.length,
        kind: 'tool_write',
        round: step.round,
        duration_ms: 0,
        payload: JSON.stringify({
          kind: 'tool_write',
          round: step.round,
          toolName: step.toolName,
          writeTargetTable: step.writeTarget.table,
          writeTargetUid: step.writeTarget.uid,
        }),
        crdate: at,
      })
    }
  }
  const finished = run.finishedAt === null ? 0 : seconds(run.finishedAt)
  const attempts = run.attempts ?? 1
  const lastStart = attemptStarts(run.steps, attempts).at(-1)
  const claimed =
    attempts > 1 && lastStart !== undefined
      ? seconds(run.steps[lastStart]?.occurredAt ?? run.startedAt)
      : started
  return {
    run: {
      uuid: run.uuid,
      status: run.status,
      configuration_identifier: run.configuration,
      termination_reason: run.terminationReason ?? '',
      started_at: run.status === 'queued' && attempts === 1 ? 0 : claimed,
      finished_at: finished,
      crdate: started,
      // A fold, not a spread: a run of 300,000 steps would overflow the call stack.
      tstamp: events.reduce(
        (top, event) => Math.max(top, event.crdate),
        Math.max(started, finished),
      ),
      suspended_state: `${NEVER_SELECTED} ${run.uuid}`,
      queued_request: run.status === 'queued' ? `${NEVER_SELECTED} queued` : '',
      be_user: SEEDED_USER,
      requeue_count: attempts - 1,
    },
    events,
  }
}

/** The text a step kept at `redacted` or `full` holds: marked, so no answer may carry it. */
function textsOf(step: MockStep, level: StoredLevel): Record<string, unknown> {
  const mask = (text: string) => (level === 'redacted' ? text.replace(/[0-9]/g, '*') : text)
  if (step.kind === 'tool') {
    const outcome =
      step.toolDenied === true
        ? `Error: tool "${step.toolName ?? ''}" was denied by the operator.`
        : step.toolIsError === true
          ? `Error: tool "${step.toolName ?? ''}" failed.`
          : `${NEVER_SELECTED} result line 1\u0000line 2 of ${step.sequence}`
    return {
      toolArguments: { uid: 42, note: mask(`${NEVER_SELECTED} argument 4711`) },
      // Results may hold U+0000 (json_encode writes it as \u0000, which jsonb cannot hold).
      toolResult: mask(`${outcome}\u0000${NEVER_SELECTED}`),
    }
  }
  if (step.kind === 'llm') return { content: mask(`${NEVER_SELECTED} answer 12`) }
  if (step.kind === 'request') return { messagesSent: [{ role: 'user', content: NEVER_SELECTED }] }
  return {}
}

function payloadOf(step: MockStep, level: StoredLevel): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    kind: step.kind,
    round: step.round,
    durationMs: storedDuration(step.durationMs),
  }
  if (step.toolName !== undefined) payload.toolName = step.toolName
  if (step.toolIsError !== undefined) payload.toolIsError = step.toolIsError
  if (typeof step.toolRefusal === 'string') payload.toolRefusal = step.toolRefusal
  if (step.approved !== undefined) payload.approved = step.approved
  if (step.kind === 'approval') payload.decidedBy = SEEDED_USER
  if (step.kind === 'input') payload.submittedBy = SEEDED_USER
  for (const [key, value] of Object.entries(step)) {
    if (
      !CONTRACT_KEYS.has(key) &&
      value !== null &&
      value !== undefined &&
      typeof value !== 'object'
    ) {
      payload[key] = value
    }
  }
  const kept = level === 'redacted' || level === 'full'
  if (kept) Object.assign(payload, textsOf(step, level))
  else if (step.kind === 'tool' || step.kind === 'llm') payload.contentRedacted = true
  return payload
}
