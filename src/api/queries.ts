import { queryOptions } from '@tanstack/react-query'
import { getInstallations, getMeta, getRun, getTools } from './endpoints'
import { diagnosticsKeys } from './query-keys'
import type { ApiConfig } from './request'
import { retryDelay, shouldRetry } from './retry'

/** Every single request retries by the one policy (see `retry.ts`). */
const retried = {
  retry: (failureCount: number, error: unknown) => shouldRetry('request', failureCount, error),
  retryDelay,
}

export const metaQuery = (config: ApiConfig) =>
  queryOptions({
    queryKey: diagnosticsKeys.meta(config),
    queryFn: ({ signal }) => getMeta(config, signal),
    staleTime: 60_000,
    ...retried,
    // The header asks first and a page mounts later (after its chunk): a failed answer stays
    // shown with its Retry button rather than being asked again by each newly mounted part.
    retryOnMount: false,
  })

export const toolsQuery = (config: ApiConfig) =>
  queryOptions({
    queryKey: diagnosticsKeys.tools(config),
    queryFn: ({ signal }) => getTools(config, signal),
    staleTime: 5 * 60_000,
    ...retried,
  })

/** The installations a server over many lists (`'not-offered'` on a server of one). */
export const installationsQuery = (config: ApiConfig) =>
  queryOptions({
    queryKey: diagnosticsKeys.installations(config),
    queryFn: ({ signal }) => getInstallations(config, signal),
    staleTime: 60_000,
    ...retried,
  })

export const runQuery = (config: ApiConfig, uuid: string) =>
  queryOptions({
    queryKey: diagnosticsKeys.run(config, uuid),
    queryFn: ({ signal }) => getRun(config, uuid, signal),
    ...retried,
  })
