import { hashKey } from '@tanstack/react-query'
import type { FolderSpec } from './loading/folder-specs'
import type { ApiConfig } from './request'
import type { RunListQuery } from '../domain/api-query'

/**
 * The one query-key factory. The base URL is part of every key so that two installations
 * never share a cache entry.
 */
export const diagnosticsKeys = {
  all: (config: ApiConfig) => ['diagnostics', config.baseUrl] as const,
  meta: (config: ApiConfig) => [...diagnosticsKeys.all(config), 'meta'] as const,
  installations: (config: ApiConfig) => [...diagnosticsKeys.all(config), 'installations'] as const,
  tools: (config: ApiConfig) => [...diagnosticsKeys.all(config), 'tools'] as const,
  run: (config: ApiConfig, uuid: string) => [...diagnosticsKeys.all(config), 'run', uuid] as const,
  /**
   * A folded summary: the whole spec (its kind and scope, plain data) is the key, so every field
   * that changes what is counted is in it and none can be left out.
   */
  summary: (config: ApiConfig, spec: FolderSpec) =>
    [...diagnosticsKeys.all(config), 'summary', spec] as const,
  /** The server's runs list: all of it, a page by its whole query and offset, "not offered". */
  runList: (config: ApiConfig) => [...diagnosticsKeys.all(config), 'run-list'] as const,
  runListPage: (config: ApiConfig, query: RunListQuery, offset: number) =>
    [...diagnosticsKeys.runList(config), 'page', query, offset] as const,
  runListNotOffered: (config: ApiConfig) =>
    [...diagnosticsKeys.runList(config), 'not-offered'] as const,
}

/** The summary store's key of a load: {@link diagnosticsKeys.summary}, hashed as TanStack Query does. */
export const summaryKey = (request: { config: ApiConfig; spec: FolderSpec }): string =>
  hashKey(diagnosticsKeys.summary(request.config, request.spec))
