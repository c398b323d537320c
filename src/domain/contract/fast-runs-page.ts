import { instantSchema } from './instant'
import type { Run, RunsPage, Step } from './run'

// The very pattern zod checks instants with, taken from the schema so the two cannot drift.
const INSTANT = (instantSchema as unknown as { _zod: { pattern: RegExp } })._zod.pattern

type Json = Record<string, unknown>

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const isInstant = (v: unknown): v is string => typeof v === 'string' && INSTANT.test(v)
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0
const isNonNegative = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0

function step(raw: unknown): Step | null {
  if (!isObject(raw)) return null
  const { sequence, kind, round, occurredAt, durationMs } = raw
  if (!isCount(sequence) || typeof kind !== 'string' || kind === '' || !isCount(round)) return null
  if (!isInstant(occurredAt) || !isNonNegative(durationMs)) return null
  const out: Step = { sequence, kind, round, occurredAt, durationMs }
  const { toolName, toolIsError, toolRefusal, approved, writeTarget } = raw
  if (toolName !== undefined) {
    if (typeof toolName !== 'string') return null
    out.toolName = toolName
  }
  if (toolIsError !== undefined) {
    if (typeof toolIsError !== 'boolean') return null
    out.toolIsError = toolIsError
  }
  if (toolRefusal !== undefined) {
    if (toolRefusal !== null && typeof toolRefusal !== 'string') return null
    out.toolRefusal = toolRefusal
  }
  if (kind === 'tool' && (toolName === undefined || toolIsError === undefined)) return null
  if (approved !== undefined) {
    if (typeof approved !== 'boolean') return null
    out.approved = approved
  }
  if (writeTarget !== undefined) {
    if (!isObject(writeTarget) || typeof writeTarget.table !== 'string') return null
    if (!Number.isSafeInteger(writeTarget.uid)) return null
    out.writeTarget = { table: writeTarget.table, uid: writeTarget.uid as number }
  }
  const { promptTokens, completionTokens, finishReason } = raw
  if (promptTokens !== undefined) {
    if (!isNonNegative(promptTokens)) return null
    out.promptTokens = promptTokens
  }
  if (completionTokens !== undefined) {
    if (!isNonNegative(completionTokens)) return null
    out.completionTokens = completionTokens
  }
  if (finishReason !== undefined) {
    if (typeof finishReason !== 'string') return null
    out.finishReason = finishReason
  }
  return out
}

function run(raw: unknown): Run | null {
  if (!isObject(raw)) return null
  const { uuid, status, configuration, startedAt, finishedAt, terminationReason, steps } = raw
  if (typeof uuid !== 'string' || uuid === '' || typeof status !== 'string' || status === '') {
    return null
  }
  if (typeof configuration !== 'string' || !isInstant(startedAt)) return null
  if (finishedAt !== null && !isInstant(finishedAt)) return null
  if (terminationReason !== null && typeof terminationReason !== 'string') return null
  if (!Array.isArray(steps)) return null
  const out: Step[] = new Array<Step>(steps.length)
  for (let i = 0; i < steps.length; i++) {
    const parsed = step(steps[i])
    if (parsed === null) return null
    out[i] = parsed
  }
  return { uuid, status, configuration, startedAt, finishedAt, terminationReason, steps: out }
}

/**
 * A `/runs` page validated and stripped exactly as `runsPageSchema` would, without zod's cost
 * (a page of 500 runs is checked on every load, a million steps for a busy year). Returns null
 * for anything it does not accept; the caller then runs zod for the precise error, so this
 * function only ever needs to be right when it says yes (property-tested against zod).
 */
export function fastRunsPage(raw: unknown): RunsPage | null {
  if (!isObject(raw) || !Array.isArray(raw.runs)) return null
  const { nextCursor, totalRuns } = raw
  if (nextCursor !== null && (typeof nextCursor !== 'string' || nextCursor === '')) return null
  if (!isCount(totalRuns)) return null
  const runs: Run[] = new Array<Run>(raw.runs.length)
  for (let i = 0; i < raw.runs.length; i++) {
    const parsed = run(raw.runs[i])
    if (parsed === null) return null
    runs[i] = parsed
  }
  return { runs, nextCursor, totalRuns }
}
