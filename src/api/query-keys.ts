import type { RunsQuery } from './endpoints'
import type { ApiConfig } from './request'

/**
 * The one query-key factory. The base URL is part of every key so that two installations
 * never share a cache entry.
 */
export const diagnosticsKeys = {
  all: (config: ApiConfig) => ['diagnostics', config.baseUrl] as const,
  meta: (config: ApiConfig) => [...diagnosticsKeys.all(config), 'meta'] as const,
  tools: (config: ApiConfig) => [...diagnosticsKeys.all(config), 'tools'] as const,
  run: (config: ApiConfig, uuid: string) => [...diagnosticsKeys.all(config), 'run', uuid] as const,
  runsPage: (config: ApiConfig, query: RunsQuery) =>
    [...diagnosticsKeys.all(config), 'runs-page', query] as const,
}
