import { hasLoneSurrogate } from '../domain/code-units'
import {
  fastRunsPage,
  installationsResponseSchema,
  metaSchema,
  runSchema,
  runRowsPageSchema,
  runsPageSchema,
  toolsResponseSchema,
  type ListedInstallation,
  type Meta,
  type Run,
  type RunRowsPage,
  type RunsPage,
  type ToolsResponse,
} from '../domain/contract'
import { request, type ApiConfig } from './request'
import { isNotOffered, UnsendableError } from './errors'

/** Parameters of `GET /runs`, as the contract names them. */
export interface RunsQuery {
  /** RFC 3339 instant, inclusive lower bound over step times. */
  from?: string
  /** RFC 3339 instant, exclusive upper bound over step times. */
  to?: string
  tool?: ReadonlyArray<string>
  cursor?: string
  limit?: number
}

export const getMeta = (config: ApiConfig, signal?: AbortSignal): Promise<Meta> =>
  request(config, { path: '/meta', schema: metaSchema, signal })

export const getTools = (config: ApiConfig, signal?: AbortSignal): Promise<ToolsResponse> =>
  request(config, { path: '/tools', schema: toolsResponseSchema, signal })

/**
 * The installations of a server over many (`GET /installations`), or `'not-offered'` from a
 * server of one installation (404, 405 or 501).
 */
export async function getInstallations(
  config: ApiConfig,
  signal?: AbortSignal,
): Promise<ListedInstallation[] | 'not-offered'> {
  try {
    const body = await request(config, {
      path: '/installations',
      schema: installationsResponseSchema,
      signal,
    })
    return body.installations
  } catch (error) {
    if (isNotOffered(error)) return 'not-offered'
    throw error
  }
}

export const getRunsPage = (
  config: ApiConfig,
  query: RunsQuery,
  signal?: AbortSignal,
): Promise<RunsPage> =>
  request(config, {
    path: '/runs',
    schema: runsPageSchema,
    fast: fastRunsPage,
    query: { ...query, tool: query.tool && query.tool.length > 0 ? query.tool : undefined },
    signal,
  })

/**
 * One page of the optional `GET /run-rows`: each run of a query as one row of counts, without
 * its steps (the query as `/runs` takes it; `from` and `to` on a quarter hour).
 */
export const getRunRowsPage = (
  config: ApiConfig,
  query: RunsQuery,
  signal?: AbortSignal,
): Promise<RunRowsPage> =>
  request(config, {
    path: '/run-rows',
    schema: runRowsPageSchema,
    query: { ...query, tool: query.tool && query.tool.length > 0 ? query.tool : undefined },
    signal,
  })

/** One run's timeline. A run id with a lone surrogate has no URL form: rejected, never sent. */
export const getRun = async (
  config: ApiConfig,
  uuid: string,
  signal?: AbortSignal,
): Promise<Run> => {
  if (hasLoneSurrogate(uuid)) {
    throw new UnsendableError(
      'This run cannot be opened: its id holds a lone surrogate, which no URL can carry to the diagnostics API.',
    )
  }
  return request(config, { path: `/runs/${encodeURIComponent(uuid)}`, schema: runSchema, signal })
}
