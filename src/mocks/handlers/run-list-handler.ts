import { http, HttpResponse, type HttpHandler } from 'msw'
import { parseRunListParams } from '@/domain/api-query'
import {
  emptyRunsSummary,
  foldRunRows,
  listRuns,
  runListCsvContext,
  runsCsvChunks,
} from '@/domain/runs'
import { rangeScope } from '@/domain/summary'
import type { Installation } from '../installation'
import { badRequest, notOffered } from './responses'
import { itemOf } from './run-rows-handler'
import { matchingRuns } from './matching-runs'

/**
 * `GET {base}/run-list`: when `offered`, the runs `/runs` lists for the range folded into rows
 * and listed by the domain's own rule (`listRuns`): a page from `offset`, or the whole list as
 * the page's CSV; otherwise the 404 of an installation without it.
 */
export function runListHandler(
  base: string,
  installation: Installation,
  offered: boolean,
): HttpHandler {
  return http.get(`${base}/run-list`, ({ request }) => {
    if (!offered) return notOffered('/run-list')
    const params = parseRunListParams(new URL(request.url).searchParams)
    if (!params.ok) return badRequest(params.message)
    const { from, to, tools } = params
    const runs = [...matchingRuns(installation, { from, to, tools })]
    const { rows } = foldRunRows(emptyRunsSummary(), runs, rangeScope(from, to, tools))
    const listed = listRuns(rows, params.filters, params.sort)
    if (params.format === 'csv') {
      const csv = runsCsvChunks(listed.rows, runListCsvContext(params, params.tz)).join('')
      return new HttpResponse(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8' } })
    }
    const byUuid = new Map(runs.map((run) => [run.uuid, run]))
    const page = listed.rows.slice(params.offset, params.offset + params.limit)
    return HttpResponse.json({
      rows: page.map((row) => itemOf(row, byUuid.get(row.uuid))),
      offset: params.offset,
      totalRuns: listed.rows.length,
      calls: listed.calls,
      rangeRuns: listed.rangeRuns,
      configurations: listed.configurations,
      statuses: listed.statuses,
      otherCodes: listed.otherCodes,
    })
  })
}
