import type { RunsQuery } from './endpoints'

/**
 * The one query-key factory. The base URL is part of every key so that two installations
 * never share a cache entry.
 */
export const diagnosticsKeys = {
  all: (baseUrl: string) => ['diagnostics', baseUrl] as const,
  meta: (baseUrl: string) => [...diagnosticsKeys.all(baseUrl), 'meta'] as const,
  tools: (baseUrl: string) => [...diagnosticsKeys.all(baseUrl), 'tools'] as const,
  run: (baseUrl: string, uuid: string) => [...diagnosticsKeys.all(baseUrl), 'run', uuid] as const,
  runsPage: (baseUrl: string, query: RunsQuery) =>
    [...diagnosticsKeys.all(baseUrl), 'runs-page', query] as const,
}
