// In the entry: only the URL rule and the base URL's, not the API client or the config schema.
import { askEarly } from '../api/early-responses'
import { buildUrl } from '../api/url'
import { apiBaseOfConfig } from '../config/api-base-url'
import { parseSearch } from './search-params'

/**
 * Asks what the first page will ask, as soon as config.json names the API (decision 0030):
 * `/meta` and `/tools`, which every page reads, and on the runs page the list its URL fixes
 * (from that page's own small chunk). The app's requests then take these answers
 * (`takeEarly`) instead of asking once its code has loaded. Reads its own copy of the
 * config's answer: the body stays for `loadRuntimeConfig`.
 */
export function askFirstRequests(
  configResponse: Promise<Response>,
  configUrl: string,
  location: Pick<Location, 'href' | 'pathname' | 'search'>,
  defaultZone: () => string,
): void {
  const base = configResponse
    .then((response) => apiBaseOfConfig(response.clone(), configUrl, location.href))
    .catch(() => null)
  void base.then((baseUrl) => {
    if (baseUrl === null) return
    askEarly(buildUrl(baseUrl, '/meta'))
    askEarly(buildUrl(baseUrl, '/tools'))
  })
  if (location.pathname !== '/runs') return
  void Promise.all([base, import('../features/runs/early-run-list')])
    .then(([baseUrl, { askRunListEarly }]) => {
      if (baseUrl !== null) askRunListEarly(baseUrl, parseSearch(location.search), defaultZone())
    })
    // The page asks for itself when this could not (its chunk did not load).
    .catch(() => undefined)
}
