import { useQuery } from '@tanstack/react-query'
import { useSearch } from '@tanstack/react-router'
import { createContext, useContext, useMemo } from 'react'
import { installationApi, installationsQuery, metaQuery, useApiConfig, type ApiConfig } from '@/api'
import type { ListedInstallation } from '@/domain/contract'
import { describeValue } from '@/domain/filters/describe-value'
import { installationParam } from '@/domain/filters'

/** The scope the shell chose, for the pages under it (null outside the shell). */
export const InstallationScopeContext = createContext<ReadyScope | null>(null)

/** The installation the pages show, and the server's list: as the shell chose them. */
export function useShownInstallation(): ReadyScope | null {
  return useContext(InstallationScopeContext)
}

export type ReadyScope = Extract<InstallationScope, { state: 'ready' }>

/** Which installation's API the pages ask, from the URL's `installation`. */
export type InstallationScope =
  /** The URL names an installation: the server's list is on its way. */
  | { state: 'finding'; name: string }
  | {
      state: 'ready'
      config: ApiConfig
      /** The installation asked; undefined for all of them (or a server's only one). */
      name: string | undefined
      /** The server's installations; null from a server of one (or while not known). */
      list: readonly ListedInstallation[] | null
      /** Why the URL's installation is not the one shown; null when it is. */
      ignored: string | null
    }

/**
 * For the shell, under the root API's provider: the API the pages ask, the server's own base, or under it one installation's when the URL
 * names one the server lists. A server says it holds many by `installations` in its `/meta`
 * (then its list is asked for the picker); a URL naming one asks the list at once, and a server
 * of one installation, or a name it does not list, leaves the base as it is and says so.
 */
export function useInstallationScope(): InstallationScope {
  const raw = useSearch({ strict: false }) as Record<string, unknown>
  const root = useApiConfig()
  const asked = installationParam(raw)
  const rootMeta = useQuery(metaQuery(root))
  const many = rootMeta.data?.installations !== undefined
  const listed = useQuery({ ...installationsQuery(root), enabled: asked !== undefined || many })
  const list = Array.isArray(listed.data) ? listed.data : null
  const known =
    asked === undefined || listed.isError
      ? asked
      : list?.some((entry) => entry.name === asked)
        ? asked
        : undefined
  const config = useMemo(
    () => (known === undefined ? root : installationApi(root, known)),
    [root, known],
  )
  if (asked !== undefined && listed.isPending) return { state: 'finding', name: asked }
  const ignored =
    asked === undefined || known !== undefined
      ? null
      : list === null
        ? `Ignored installation=${describeValue(asked)}: this server holds one installation`
        : `Ignored installation=${describeValue(asked)}: not one of this server's installations`
  return { state: 'ready', config, name: known, list, ignored }
}
