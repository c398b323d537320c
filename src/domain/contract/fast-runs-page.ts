// Written from runsPageSchema (run.ts) by scripts/fast-parsers; do not edit.
// After a contract change, scripts/fast-parsers/written.test.ts fails until `npm run write:parsers`
// writes the file anew.
import { hasToolFields, type RunsPage } from './run'
import {
  isAmount,
  isCount,
  isFlag,
  isInteger,
  isNonEmptyText,
  isPositive,
  isText,
} from './fast-checks'
import { isInstant } from './instant'
import { INVALID, isObject, listOf } from './fast-parse-parts'

/**
 * A `/runs` page validated and stripped as `runsPageSchema` does, without zod's cost (a busy
 * year is a few million steps, each checked on every load): null for anything zod would reject,
 * and the caller then asks zod for the precise error. An optional field the page leaves out is
 * undefined here rather than absent, which JSON and every reader take alike; each object then
 * has one shape.
 */
export function fastRunsPage(raw: unknown): RunsPage | null {
  const parsed = parseRunsPage(raw)
  return parsed === INVALID ? null : (parsed as RunsPage)
}

function parseRunsPage(v: unknown): unknown {
  if (!isObject(v)) return INVALID
  const { nextCursor, totalRuns } = v
  const runs = listOf(v.runs, parseRun)
  if (runs === INVALID) return INVALID
  if (!(nextCursor === null || isNonEmptyText(nextCursor))) return INVALID
  if (!isCount(totalRuns)) return INVALID
  return { runs, nextCursor, totalRuns }
}

function parseRun(v: unknown): unknown {
  if (!isObject(v)) return INVALID
  const {
    uuid,
    status,
    configuration,
    startedAt,
    finishedAt,
    terminationReason,
    attempts,
    installation,
  } = v
  if (!isNonEmptyText(uuid)) return INVALID
  if (!isNonEmptyText(status)) return INVALID
  if (!isText(configuration)) return INVALID
  if (!isInstant(startedAt)) return INVALID
  if (!(finishedAt === null || isInstant(finishedAt))) return INVALID
  if (!(terminationReason === null || isText(terminationReason))) return INVALID
  if (!(attempts === undefined || isPositive(attempts))) return INVALID
  if (!(installation === undefined || isNonEmptyText(installation))) return INVALID
  const steps = listOf(v.steps, parseStep)
  if (steps === INVALID) return INVALID
  const unreadableSteps =
    v.unreadableSteps === undefined ? undefined : listOf(v.unreadableSteps, parseUnreadableStep)
  if (unreadableSteps === INVALID) return INVALID
  return {
    uuid,
    status,
    configuration,
    startedAt,
    finishedAt,
    terminationReason,
    attempts,
    installation,
    steps,
    unreadableSteps,
  }
}

function parseStep(v: unknown): unknown {
  if (!isObject(v)) return INVALID
  const {
    sequence,
    kind,
    round,
    occurredAt,
    durationMs,
    toolName,
    toolIsError,
    toolRefusal,
    toolDenied,
    approved,
    promptTokens,
    completionTokens,
    finishReason,
  } = v
  if (!isCount(sequence)) return INVALID
  if (!isNonEmptyText(kind)) return INVALID
  if (!isCount(round)) return INVALID
  if (!isInstant(occurredAt)) return INVALID
  if (!isAmount(durationMs)) return INVALID
  if (!(toolName === undefined || isText(toolName))) return INVALID
  if (!(toolIsError === undefined || isFlag(toolIsError))) return INVALID
  if (!(toolRefusal === undefined || toolRefusal === null || isText(toolRefusal))) return INVALID
  if (!(toolDenied === undefined || isFlag(toolDenied))) return INVALID
  if (!(approved === undefined || isFlag(approved))) return INVALID
  const writeTarget = v.writeTarget === undefined ? undefined : parseStepWriteTarget(v.writeTarget)
  if (writeTarget === INVALID) return INVALID
  if (!(promptTokens === undefined || isAmount(promptTokens))) return INVALID
  if (!(completionTokens === undefined || isAmount(completionTokens))) return INVALID
  if (!(finishReason === undefined || isText(finishReason))) return INVALID
  const out = {
    sequence,
    kind,
    round,
    occurredAt,
    durationMs,
    toolName,
    toolIsError,
    toolRefusal,
    toolDenied,
    approved,
    writeTarget,
    promptTokens,
    completionTokens,
    finishReason,
  }
  return hasToolFields(out) ? out : INVALID
}

function parseStepWriteTarget(v: unknown): unknown {
  if (!isObject(v)) return INVALID
  const { table, uid } = v
  if (!isText(table)) return INVALID
  if (!isInteger(uid)) return INVALID
  return { table, uid }
}

function parseUnreadableStep(v: unknown): unknown {
  if (!isObject(v)) return INVALID
  const { sequence, kind, round, occurredAt, toolName, listed, reason } = v
  if (!isCount(sequence)) return INVALID
  if (!isText(kind)) return INVALID
  if (!isCount(round)) return INVALID
  if (!isInstant(occurredAt)) return INVALID
  if (!(toolName === undefined || isText(toolName))) return INVALID
  if (!isFlag(listed)) return INVALID
  if (!isText(reason)) return INVALID
  return { sequence, kind, round, occurredAt, toolName, listed, reason }
}
