import { http, HttpResponse, type HttpHandler } from 'msw'
import type { Installation } from '../installation'
import { encodeCursor, parseRunRowsParams } from '@/domain/api-query'
import { cursorAfter } from './cursor-after'
import { badRequest, notOffered } from './responses'
import type { Run, RunRowItem } from '@/domain/contract'
import { foldRunRows, emptyRunsSummary, type RunRow } from '@/domain/runs'
import { rangeScope } from '@/domain/summary'

/**
 * `GET {base}/run-rows`: when `offered`, each run `/runs` lists for the query as one row of
 * counts, paged as `/runs` pages (newest first); otherwise the 404 of an installation without it.
 */
export function runRowsHandler(
  base: string,
  installation: Installation,
  offered: boolean,
): HttpHandler {
  return http.get(`${base}/run-rows`, ({ request }) => {
    if (!offered) return notOffered('/run-rows')
    const params = parseRunRowsParams(new URL(request.url).searchParams)
    if (!params.ok) return badRequest(params.message)
    const page = cursorAfter(installation, params.cursor)
    if (page instanceof Response) return page
    const query = { from: params.from, to: params.to, tools: params.tools }
    const slice = installation.queryRuns(query, page.after, params.limit)
    const scope = rangeScope(params.from, params.to, params.tools)
    const { rows } = foldRunRows(emptyRunsSummary(), slice.runs, scope)
    const runs = new Map(slice.runs.map((run) => [run.uuid, run]))
    const last = slice.continueAfter
    return HttpResponse.json({
      rows: rows.map((row) => itemOf(row, runs.get(row.uuid))),
      nextCursor: last === null ? null : encodeCursor(last),
      totalRuns: slice.totalRuns,
    })
  })
}

/** The wire row of a folded row, with its run's own times. */
export function itemOf(
  row: RunRow,
  run: Pick<Run, 'startedAt' | 'finishedAt'> | undefined,
): RunRowItem {
  const refused: RunRowItem['refused'] = []
  if (row.refusedArguments > 0) refused.push({ code: 'arguments', calls: row.refusedArguments })
  if (row.refusedTurn > 0) refused.push({ code: 'turn', calls: row.refusedTurn })
  for (const [code, calls] of Object.entries(row.otherCodes ?? {})) refused.push({ code, calls })
  return {
    uuid: row.uuid,
    status: row.status,
    configuration: row.configuration,
    startedAt: run?.startedAt ?? '',
    finishedAt: run?.finishedAt ?? null,
    rounds: row.rounds,
    toolCalls: row.toolCalls,
    failed: row.failed,
    denied: row.denied,
    refused,
  }
}
