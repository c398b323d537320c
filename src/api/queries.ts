import { queryOptions } from '@tanstack/react-query'
import { getMeta, getRun, getRunsPage, getTools, type RunsQuery } from './endpoints'
import { HttpError, TimeoutError, isRetryable } from './errors'
import { diagnosticsKeys } from './query-keys'
import type { ApiConfig } from './request'

/** How often a single request is tried again after its first try. */
export const MAX_RETRIES = 3

/**
 * Retries server trouble up to three times; never a 401, 403, 404 or a contract error, and never
 * a timeout: each try already waited the whole timeout, so the reader gets the message and a
 * Retry after one wait instead of four silent ones.
 */
export const retryPolicy = (failureCount: number, error: unknown): boolean =>
  failureCount < MAX_RETRIES && isRetryable(error) && !(error instanceof TimeoutError)

/**
 * The wait before retry `attempt` (0-based): what a 429/503 `Retry-After` asked for, else a
 * backoff of 0.5 s, 1 s, 2 s … capped at 8 s (the same steps as the runs loader).
 */
export const retryDelay = (attempt: number, error: unknown): number =>
  error instanceof HttpError && error.retryAfterMs !== null
    ? error.retryAfterMs
    : Math.min(500 * 2 ** attempt, 8_000)

export const metaQuery = (config: ApiConfig) =>
  queryOptions({
    queryKey: diagnosticsKeys.meta(config),
    queryFn: ({ signal }) => getMeta(config, signal),
    staleTime: 60_000,
    retry: retryPolicy,
    retryDelay,
    // The header asks first and a page mounts later (after its chunk): a failed answer stays
    // shown with its Retry button rather than being asked again by each newly mounted part.
    retryOnMount: false,
  })

export const toolsQuery = (config: ApiConfig) =>
  queryOptions({
    queryKey: diagnosticsKeys.tools(config),
    queryFn: ({ signal }) => getTools(config, signal),
    staleTime: 5 * 60_000,
    retry: retryPolicy,
    retryDelay,
  })

export const runQuery = (config: ApiConfig, uuid: string) =>
  queryOptions({
    queryKey: diagnosticsKeys.run(config, uuid),
    queryFn: ({ signal }) => getRun(config, uuid, signal),
    retry: retryPolicy,
    retryDelay,
  })

export const runsPageQuery = (config: ApiConfig, query: RunsQuery) =>
  queryOptions({
    queryKey: diagnosticsKeys.runsPage(config, query),
    queryFn: ({ signal }) => getRunsPage(config, query, signal),
    retry: retryPolicy,
    retryDelay,
  })
