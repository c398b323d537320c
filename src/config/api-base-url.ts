/*
 * The API's base URL as config.json names it, without the config schema (zod): the entry reads
 * it to ask the first requests while the rest of the app loads (decision 0030). The schema in
 * `runtime-config.ts` uses the same rule and default, so both read one file alike.
 */

export const DEFAULT_API_BASE_URL = '/api/diagnostics/v1'

/** Whether `value` may be the API's base URL: a path or an http(s) URL, never a script. */
export const isApiBaseUrl = (value: string): boolean =>
  value.length > 0 && !/^\s*javascript:/i.test(value)

/**
 * A relative `apiBaseUrl` (`api/v1`, `../diagnostics`) is read against config.json's own URL, the
 * folder it was written for, not against the page: on a deep link (`/dashboard/tools/x`) the page
 * URL would put it under `/dashboard/tools/`. Paths from the root and absolute URLs stay as written.
 */
export function resolveApiBaseUrl(value: string, configUrl: string, pageHref: string): string {
  if (value.startsWith('/') || /^[a-z][a-z0-9+.-]*:/i.test(value)) return value
  try {
    return new URL(value, new URL(configUrl, pageHref)).href
  } catch {
    return value
  }
}

/** A config.json that is not there: 404, or the index.html a single-page fallback serves. */
export function isMissingConfig(response: Response): boolean {
  const type = response.headers.get('content-type') ?? ''
  return response.status === 404 || (response.ok && type.includes('text/html'))
}

/**
 * The base URL `loadRuntimeConfig` will give for this answer to config.json, or null when it may
 * give none (an error, a body that is not an object, an `apiBaseUrl` the schema refuses). A file
 * whose other keys are refused still gives its base: the app then shows the config's problem.
 */
export async function apiBaseOfConfig(
  response: Response,
  configUrl: string,
  pageHref: string,
): Promise<string | null> {
  if (isMissingConfig(response)) return DEFAULT_API_BASE_URL
  if (!response.ok) return null
  let json: unknown
  try {
    json = JSON.parse(await response.text())
  } catch {
    return null
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null
  const value = (json as { apiBaseUrl?: unknown }).apiBaseUrl
  if (value === undefined) return DEFAULT_API_BASE_URL
  if (typeof value !== 'string' || !isApiBaseUrl(value)) return null
  return resolveApiBaseUrl(value, configUrl, pageHref)
}
