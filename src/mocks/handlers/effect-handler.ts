import { http, HttpResponse, type HttpHandler } from 'msw'
import { parseEffectQuery } from '@/domain/api-query'
import {
  createEffectScope,
  effectToWire,
  emptyEffectSummary,
  foldEffect,
  windowsBetween,
} from '@/domain/effect'
import type { Installation } from '../installation'
import { badRequest, notOffered } from './responses'
import { matchingRuns } from './matching-runs'

/**
 * `GET {base}/effect`: when `offered`, the domain's own fold of the runs `/runs` lists for
 * `[from, to)` with the installation's catalogue; otherwise the 404 of an installation without it.
 */
export function effectHandler(
  base: string,
  installation: Installation,
  offered: boolean,
): HttpHandler {
  return http.get(`${base}/effect`, ({ request }) => {
    if (!offered) return notOffered('/effect')
    const params = parseEffectQuery(new URL(request.url).searchParams)
    if (!params.ok) return badRequest(params.message)
    const { from, decision, to, tools } = params
    const scope = createEffectScope(windowsBetween(from, decision, to), tools, installation.tools)
    const runs = matchingRuns(installation, { from, to, tools })
    return HttpResponse.json(effectToWire(foldEffect(emptyEffectSummary(), runs, scope)))
  })
}
