import type { ApiConfig } from './request'

/**
 * The API of one installation of a server over many: `<base>/installations/<name>`, the base's
 * own query parameters kept after it (as `buildUrl` keeps them), its fragment dropped.
 */
export function installationApi(config: ApiConfig, name: string): ApiConfig {
  const withoutFragment = config.baseUrl.split('#', 1)[0] ?? ''
  const queryAt = withoutFragment.indexOf('?')
  const path = queryAt < 0 ? withoutFragment : withoutFragment.slice(0, queryAt)
  const query = queryAt < 0 ? '' : withoutFragment.slice(queryAt)
  const scoped = `${path.replace(/\/+$/, '')}/installations/${encodeURIComponent(name)}${query}`
  return { ...config, baseUrl: scoped }
}
