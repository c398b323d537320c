import './worker-globals'
import { getResponse } from 'msw'
import { DEFAULT_SEED } from './installation'
import { createHandlers } from './handlers/create-handlers'
import { createVariantInstallation, type DemoVariant } from './variants'

export interface MockFetchOptions {
  /** Absolute base URL of the API, as the page's mock serves it. */
  baseUrl: string
  scale: number
  variant: DemoVariant
  /** Also serve the optional pre-aggregated `/summary` (decision 0008). */
  summaryEndpoint: boolean
}

/**
 * A `fetch` answering the API from the simulated installation, for the loading worker of a demo
 * build (which also answers the page's mock, see `browser.ts`). A path below the base URL that no
 * handler serves is a 404 — never the network, which would lead back here through the page's
 * mock; anything else goes to the network.
 */
export function createMockFetch(options: MockFetchOptions): typeof fetch {
  const { baseUrl, scale, variant, summaryEndpoint } = options
  const installation = createVariantInstallation(variant, { seed: DEFAULT_SEED, scale })
  // The huge runs (decision 0020) are built only when asked for by uuid: the other pages never see them.
  const handlers = createHandlers({ baseUrl, installation, summaryEndpoint, hugeRuns: true })
  const base = baseUrl.replace(/\/+$/, '')
  return async (input, init) => {
    const request = new Request(input, init)
    const answer = await getResponse(handlers, request)
    if (answer) return answer
    if (!request.url.startsWith(`${base}/`)) return fetch(request)
    const message = 'The demo installation serves no such endpoint.'
    return Response.json({ error: 'not_found', message }, { status: 404 })
  }
}
