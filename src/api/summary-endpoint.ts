import {
  fastSummaryResponse,
  summaryResponseSchema,
  type SummaryResponse,
} from '../domain/contract'
import { fromAggregate, type ToolSummary } from '../domain/summary'
import { ContractError, isNotOffered } from './errors'
import { request, type ApiConfig } from './request'
import { summaryFlaw } from './summary-consistency'

/** The query of the optional `GET /summary`: `[from, to)` as RFC 3339 instants, zone, tools. */
export interface SummaryEndpointQuery {
  from: string
  to: string
  /** IANA zone whose calendar days the counts are grouped by. */
  tz: string
  /** Exact tool names; empty = every tool. */
  tool: readonly string[]
}

/** The first field of `body` that does not echo `query`, with what was asked; null when all do. */
function echoMismatch(
  body: SummaryResponse,
  query: SummaryEndpointQuery,
): { path: string; expected: string } | null {
  if (Date.parse(body.from) !== Date.parse(query.from)) {
    return { path: 'from', expected: `the instant asked for (${query.from})` }
  }
  if (Date.parse(body.to) !== Date.parse(query.to)) {
    return { path: 'to', expected: `the instant asked for (${query.to})` }
  }
  if (body.tz !== query.tz) return { path: 'tz', expected: `the zone asked for (${query.tz})` }
  const asked = new Set(query.tool)
  const echoed = new Set(body.tools)
  if (asked.size !== echoed.size || [...asked].some((tool) => !echoed.has(tool))) {
    return { path: 'tools', expected: 'the tools asked for' }
  }
  return null
}

/**
 * The tool summary of a query from the installation's pre-aggregated `GET /summary` — equal to
 * folding every `/runs` page of the same query — or `'not-offered'` when the installation answers
 * 404, 405 or 501. Any other failure throws the usual typed errors (HttpError, NetworkError,
 * TimeoutError, ContractError — also when the body does not echo the query, or holds days,
 * tools or counts the fold could never give); an abort rethrows the caller's reason.
 */
export async function fetchToolSummary(
  config: ApiConfig,
  query: SummaryEndpointQuery,
  signal: AbortSignal,
): Promise<ToolSummary | 'not-offered'> {
  let body: SummaryResponse
  try {
    body = await request(config, {
      path: '/summary',
      schema: summaryResponseSchema,
      fast: fastSummaryResponse,
      query: {
        from: query.from,
        to: query.to,
        tz: query.tz,
        tool: query.tool.length > 0 ? query.tool : undefined,
      },
      signal,
    })
  } catch (error) {
    if (isNotOffered(error)) return 'not-offered'
    throw error
  }
  const mismatch = echoMismatch(body, query) ?? summaryFlaw(body, query)
  if (mismatch !== null) throw new ContractError('/summary', mismatch.path, mismatch.expected)
  return fromAggregate(body)
}
