import { http, HttpResponse, type HttpHandler } from 'msw'
import type { Installation } from '../installation'
import { encodeCursor, parseRunsParams } from '@/domain/api-query'
import { cursorAfter } from './cursor-after'
import { badRequest } from './responses'
import { summaryHandler } from './summary-handler'
import { runRowsHandler } from './run-rows-handler'
import { runListHandler } from './run-list-handler'
import { effectHandler } from './effect-handler'
import { hugeRun } from '../variants/huge-runs'

/** Where the dashboard finds the API by default (config.json may say otherwise). */
export const DEFAULT_BASE_URL = '/api/diagnostics/v1'

export interface CreateHandlersOptions {
  /** Where the API lives, absolute or relative to the document (`/api/diagnostics/v1`). */
  baseUrl: string
  installation: Installation
  /**
   * Serve the optional pre-aggregated `GET /summary` (decision 0008) and `GET /run-rows`
   * (decision 0026). Default false: the paths answer 404, as an installation without them does.
   */
  summaryEndpoint?: boolean
  /**
   * Also answer `/runs/:uuid` for the two huge unlisted runs of `HUGE_RUN_UUIDS` (decision 0020, the
   * demo's). Default false.
   */
  hugeRuns?: boolean
}

/**
 * MSW handlers serving an installation exactly as the diagnostics API v1 contract says:
 * `/meta`, `/runs` (step-time range, tools, limit, cursor), `/runs/:uuid`, `/tools`, and the
 * optional `/summary`, `/run-rows`, `/run-list` and `/effect` (404 unless `summaryEndpoint`). Happy paths only; tests add faults with
 * `server.use`.
 */
export function createHandlers({
  baseUrl,
  installation,
  summaryEndpoint = false,
  hugeRuns = false,
}: CreateHandlersOptions): HttpHandler[] {
  const base = baseUrl.replace(/\/+$/, '')
  return [
    http.get(`${base}/meta`, () => HttpResponse.json(installation.meta)),
    http.get(`${base}/tools`, () => HttpResponse.json({ tools: installation.tools })),
    http.get(`${base}/runs`, ({ request }) => {
      const params = parseRunsParams(new URL(request.url).searchParams)
      if (!params.ok) return badRequest(params.message)
      const page = cursorAfter(installation, params.cursor)
      if (page instanceof Response) return page
      const slice = installation.queryRuns(params.query, page.after, params.limit)
      const last = slice.continueAfter
      return HttpResponse.json({
        runs: slice.runs,
        nextCursor: last === null ? null : encodeCursor(last),
        totalRuns: slice.totalRuns,
      })
    }),
    http.get(`${base}/runs/:uuid`, ({ params }) => {
      const uuid = String(params.uuid)
      const run = installation.getRun(uuid) ?? (hugeRuns ? hugeRun(uuid) : undefined)
      if (run === undefined) {
        return HttpResponse.json(
          { error: 'not_found', message: `No run ${uuid} is recorded on this installation.` },
          { status: 404 },
        )
      }
      return HttpResponse.json(run)
    }),
    summaryHandler(base, installation, summaryEndpoint),
    runRowsHandler(base, installation, summaryEndpoint),
    runListHandler(base, installation, summaryEndpoint),
    effectHandler(base, installation, summaryEndpoint),
  ]
}
