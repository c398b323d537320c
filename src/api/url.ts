/** A value of a request's query: a list is sent as the name repeated. */
export type QueryValue = string | number | ReadonlyArray<string> | null | undefined

/**
 * Builds the request URL: `path` after the base URL's path (one slash between), the base URL's
 * own query parameters kept and `query`'s added after them, a fragment of the base dropped. A
 * relative base resolves against the page's location.
 */
export function buildUrl(baseUrl: string, path: string, query: Record<string, QueryValue> = {}) {
  // `index.php?eID=diagnostics` + `/runs` is `index.php/runs?eID=diagnostics`, not a path
  // glued into the base's query (or after its `#`, which a browser never sends).
  const withoutFragment = baseUrl.split('#', 1)[0] ?? ''
  const queryAt = withoutFragment.indexOf('?')
  const basePath = queryAt < 0 ? withoutFragment : withoutFragment.slice(0, queryAt)
  const params = new URLSearchParams(queryAt < 0 ? '' : withoutFragment.slice(queryAt + 1))
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined) continue
    if (typeof value === 'string' || typeof value === 'number') params.append(key, String(value))
    else for (const item of value) params.append(key, item)
  }
  const search = params.toString()
  const raw = `${basePath.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`
  const origin = globalThis.location?.href
  return origin ? new URL(raw, origin).toString() : raw
}
