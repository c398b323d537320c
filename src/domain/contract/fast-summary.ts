// Written from summaryResponseSchema (summary.ts) by scripts/fast-parsers; do not edit.
// After a contract change, scripts/fast-parsers/written.test.ts fails until `npm run write:parsers`
// writes the file anew.
import {
  hasCodeOnlyWhenRefused,
  isSummaryDay,
  isSummaryOutcome,
  type SummaryResponse,
} from './summary'
import { isCount, isNonEmptyText, isText } from './fast-checks'
import { isInstant } from './instant'
import { INVALID, isObject, listOf } from './fast-parse-parts'

/**
 * A `/summary` body validated and stripped as `summaryResponseSchema` does, without zod's cost
 * (a year is tens of thousands of rows, zod's checks of them a tenth of a second in a browser):
 * null for anything zod would reject, and the caller then asks zod for the precise error. An
 * optional field the body leaves out is undefined here rather than absent.
 */
export function fastSummaryResponse(raw: unknown): SummaryResponse | null {
  const parsed = parseSummaryResponse(raw)
  return parsed === INVALID ? null : (parsed as SummaryResponse)
}

function parseSummaryResponse(v: unknown): unknown {
  if (!isObject(v)) return INVALID
  const {
    from,
    to,
    tz,
    runs,
    runsWithCalls,
    runsWithRefusal,
    runsWithFailure,
    unreadableToolSteps,
  } = v
  if (!isInstant(from)) return INVALID
  if (!isInstant(to)) return INVALID
  if (!isNonEmptyText(tz)) return INVALID
  const tools = listOf(v.tools, (x) => (isNonEmptyText(x) ? x : INVALID))
  if (tools === INVALID) return INVALID
  if (!isCount(runs)) return INVALID
  if (!isCount(runsWithCalls)) return INVALID
  if (!isCount(runsWithRefusal)) return INVALID
  if (!isCount(runsWithFailure)) return INVALID
  const runsByStatus = listOf(v.runsByStatus, parseSummaryStatusCount)
  if (runsByStatus === INVALID) return INVALID
  const rows = listOf(v.rows, parseSummaryCalls)
  if (rows === INVALID) return INVALID
  const stepKinds = listOf(v.stepKinds, (x) => (isNonEmptyText(x) ? x : INVALID))
  if (stepKinds === INVALID) return INVALID
  if (!(unreadableToolSteps === undefined || isCount(unreadableToolSteps))) return INVALID
  return {
    from,
    to,
    tz,
    tools,
    runs,
    runsWithCalls,
    runsWithRefusal,
    runsWithFailure,
    runsByStatus,
    rows,
    stepKinds,
    unreadableToolSteps,
  }
}

function parseSummaryStatusCount(v: unknown): unknown {
  if (!isObject(v)) return INVALID
  const { status, runs } = v
  if (!isNonEmptyText(status)) return INVALID
  if (!isCount(runs)) return INVALID
  return { status, runs }
}

function parseSummaryCalls(v: unknown): unknown {
  if (!isObject(v)) return INVALID
  const { day, tool, outcome, code, calls } = v
  if (!isSummaryDay(day)) return INVALID
  if (!isNonEmptyText(tool)) return INVALID
  if (!isSummaryOutcome(outcome)) return INVALID
  if (!(code === undefined || code === null || isText(code))) return INVALID
  if (!isCount(calls)) return INVALID
  const out = { day, tool, outcome, code, calls }
  return hasCodeOnlyWhenRefused(out) ? out : INVALID
}
