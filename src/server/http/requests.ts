import {
  parseEffectQuery,
  parseRunListParams,
  parseRunsParams,
  parseSummaryParams,
  summaryGrainProblem,
} from '@/domain/api-query'
import { csvChunks, RUNS_COLUMNS, runsFileName } from '@/domain/csv'
import { runListCsvContext, runsCsvRows, type RunRow } from '@/domain/runs'
import type { EffectQuery } from '../view/fold-effect-groups'
import { ApiError } from './api-error'

/**
 * The parsed queries of the endpoints both servers answer (the installation's own and the one
 * over ClickHouse): each a 400 with the parser's one sentence when it cannot be taken.
 */
const taken = <T extends { ok: true }>(params: T | { ok: false; message: string }): T => {
  if (!params.ok) throw new ApiError(400, 'bad_request', params.message)
  return params
}

export const runsRequest = (url: URL) => taken(parseRunsParams(url.searchParams))

export const runListRequest = (url: URL) => taken(parseRunListParams(url.searchParams))

/** `/summary`'s query; the view counts by quarter hours, so a range off them is refused too. */
export function summaryRequest(url: URL) {
  const params = taken(parseSummaryParams(url.searchParams))
  const problem = summaryGrainProblem(params)
  if (problem !== null) throw new ApiError(400, problem.error, problem.message)
  return params
}

/** `/effect`'s query as the overview's two windows. */
export function effectRequest(url: URL): EffectQuery {
  const { from, decision, to, tools } = taken(parseEffectQuery(url.searchParams))
  return { beforeStartMs: from, decisionMs: decision, afterEndMs: to, tools }
}

/** A runs list's CSV file: its name and its chunks, for the list's query and zone. */
export function runListCsv(
  query: Parameters<typeof runListCsvContext>[0],
  tz: string,
  rows: readonly RunRow[],
) {
  const csv = runListCsvContext(query, tz)
  return {
    name: runsFileName(csv.from, csv.to),
    chunks: csvChunks(RUNS_COLUMNS, runsCsvRows(rows, csv)),
  }
}
