import { instantSchema } from './instant'
import type { Run, RunsPage, Step, UnreadableStep } from './run'

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
  const { toolName, toolIsError, toolRefusal, approved, writeTarget } = raw
  const { promptTokens, completionTokens, finishReason } = raw
  if (toolName !== undefined && typeof toolName !== 'string') return null
  if (toolIsError !== undefined && typeof toolIsError !== 'boolean') return null
  if (toolRefusal !== undefined && toolRefusal !== null && typeof toolRefusal !== 'string') {
    return null
  }
  if (kind === 'tool' && (toolName === undefined || toolIsError === undefined)) return null
  if (approved !== undefined && typeof approved !== 'boolean') return null
  let target: Step['writeTarget']
  if (writeTarget !== undefined) {
    if (!isObject(writeTarget) || typeof writeTarget.table !== 'string') return null
    if (!Number.isSafeInteger(writeTarget.uid)) return null
    target = { table: writeTarget.table, uid: writeTarget.uid as number }
  }
  if (promptTokens !== undefined && !isNonNegative(promptTokens)) return null
  if (completionTokens !== undefined && !isNonNegative(completionTokens)) return null
  if (finishReason !== undefined && typeof finishReason !== 'string') return null
  // Two shapes only: the five fields every step has, or every field (undefined where zod leaves
  // a key out, which JSON and every reader of an optional field take for absent). Steps built
  // key by key took a shape per combination of fields, seven on the demo, and the fold's reads
  // of them went through V8's megamorphic lookups (issue 8: the fold ran 8 % slower).
  const plain =
    toolName === undefined &&
    toolIsError === undefined &&
    toolRefusal === undefined &&
    approved === undefined &&
    target === undefined &&
    promptTokens === undefined &&
    completionTokens === undefined &&
    finishReason === undefined
  if (plain) return { sequence, kind, round, occurredAt, durationMs }
  return {
    sequence,
    kind,
    round,
    occurredAt,
    durationMs,
    toolName,
    toolIsError,
    toolRefusal,
    approved,
    writeTarget: target,
    promptTokens,
    completionTokens,
    finishReason,
  }
}

function unreadableStep(raw: unknown): UnreadableStep | null {
  if (!isObject(raw)) return null
  const { sequence, kind, round, occurredAt, toolName, listed, reason } = raw
  if (!isCount(sequence) || typeof kind !== 'string' || !isCount(round)) return null
  if (!isInstant(occurredAt) || typeof listed !== 'boolean' || typeof reason !== 'string') {
    return null
  }
  if (toolName !== undefined && typeof toolName !== 'string') return null
  return { sequence, kind, round, occurredAt, toolName, listed, reason }
}

/** A run's `unreadableSteps`: undefined when absent (as zod leaves it out), null when invalid. */
function unreadableSteps(raw: unknown): UnreadableStep[] | undefined | null {
  if (raw === undefined) return undefined
  if (!Array.isArray(raw)) return null
  const out: UnreadableStep[] = new Array<UnreadableStep>(raw.length)
  for (let i = 0; i < raw.length; i++) {
    const parsed = unreadableStep(raw[i])
    if (parsed === null) return null
    out[i] = parsed
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
  const unreadable = unreadableSteps(raw.unreadableSteps)
  if (unreadable === null) return null
  // One shape for every run (the key undefined where zod leaves it out), so the fold's reads of
  // runs stay monomorphic whether or not a run reports unreadable steps.
  return {
    uuid,
    status,
    configuration,
    startedAt,
    finishedAt,
    terminationReason,
    steps: out,
    unreadableSteps: unreadable,
  }
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
