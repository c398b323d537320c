import { http, HttpResponse, type HttpHandler } from 'msw'
import type { Installation } from '../installation'
import { aggregateSummary, type MockSummary } from './summary-aggregate'
import { badRequest, notOffered } from './responses'
import { parseSummaryParams, summaryGrainProblem } from '@/domain/api-query'

/**
 * `GET {base}/summary` (decision 0008). When `offered`, the pre-aggregated summary of the query
 * computed from the installation's runs; otherwise the 404 of an installation without it.
 */
export function summaryHandler(
  base: string,
  installation: Installation,
  offered: boolean,
): HttpHandler {
  return http.get(`${base}/summary`, ({ request }) => {
    if (!offered) return notOffered('/summary')
    const params = parseSummaryParams(new URL(request.url).searchParams)
    if (!params.ok) return badRequest(params.message)
    // As the project's server: counted by quarter hours, a range off them refused.
    const problem = summaryGrainProblem(params)
    if (problem !== null) return HttpResponse.json(problem, { status: 400 })
    const body: MockSummary = {
      from: params.fromText,
      to: params.toText,
      tz: params.tz,
      tools: params.tools,
      ...aggregateSummary(installation, params),
    }
    // Counts of a past range change only when runs end or are purged: a short private cache.
    return HttpResponse.json(body, { headers: { 'Cache-Control': 'private, max-age=60' } })
  })
}
