import { effectResponseSchema } from '../domain/contract'
import { effectFromWire, type EffectSummary } from '../domain/effect'
import { isNotOffered } from './errors'
import { request, type ApiConfig } from './request'

/** The query of the optional `GET /effect`: the windows' bounds as RFC 3339 instants, tools. */
export interface EffectEndpointQuery {
  from: string
  decision: string
  to: string
  /** Exact tool names; empty = every tool. */
  tool: readonly string[]
}

/**
 * The overview's effect of two windows from the installation's `GET /effect` (decision 0027) —
 * equal to folding every `/runs` page of `[from, to)` — or `'not-offered'` for a 404, 405 or
 * 501. Any other failure throws the usual typed errors; an abort rethrows the caller's reason.
 */
export async function fetchEffect(
  config: ApiConfig,
  query: EffectEndpointQuery,
  signal: AbortSignal,
): Promise<EffectSummary | 'not-offered'> {
  try {
    const body = await request(config, {
      path: '/effect',
      schema: effectResponseSchema,
      query: {
        from: query.from,
        decision: query.decision,
        to: query.to,
        tool: query.tool.length > 0 ? query.tool : undefined,
      },
      signal,
    })
    return effectFromWire(body)
  } catch (error) {
    if (isNotOffered(error)) return 'not-offered'
    throw error
  }
}
