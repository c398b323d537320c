import { StrictMode, startTransition } from 'react'
import type { Root } from 'react-dom/client'
import { metaQuery, toolsQuery, WorkerRunner, type ApiConfig } from '../api'
import type { ConfigResult, RuntimeConfig } from '../config/runtime-config'
import type { UrlSearch } from '../domain/filters'
import { App, createQueryClient } from './app'
import { browserZone } from './browser-zone'
import { ConfigErrorScreen } from './config-error-screen'
import { nextTask } from './next-task'
import { createAppRouter } from './router'

/**
 * Loads of runs go to a Web Worker so parsing and folding never block the page; without Worker
 * support they run on the page (the store's default). In a demo build the worker also holds the
 * simulated installation and answers the page's own API requests (decision 0009).
 */
function startLoadWorker(config: RuntimeConfig): WorkerRunner | undefined {
  if (typeof Worker === 'undefined') return undefined
  try {
    const worker = new Worker(new URL('../load-worker.ts', import.meta.url), {
      type: 'module',
      name: 'runs-loader',
    })
    const demo = __DEMO__
      ? {
          baseUrl: new URL(config.apiBaseUrl, window.location.href).toString(),
          scale: config.demoScale,
          variant: config.demoVariant,
          summaryEndpoint: config.demoSummaryEndpoint,
        }
      : null
    return new WorkerRunner(worker, demo)
  } catch {
    return undefined
  }
}

const requestUrl = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url

/**
 * Renders the dashboard (or the config problem) into `root`. The first render is a transition,
 * so React renders it in slices between which the page stays responsive.
 */
export async function boot(root: Root, result: ConfigResult): Promise<void> {
  if (!result.ok) {
    root.render(<ConfigErrorScreen problem={result.problem} />)
    return
  }
  const loads = startLoadWorker(result.config)
  let fetchFn: typeof fetch | undefined
  let now: (() => number) | undefined
  if (__DEMO__) {
    // The simulated installation has its own clock: today is its day, not the browser's.
    const { DEMO_NOW_MS } = await import('../mocks/installation/time')
    now = () => DEMO_NOW_MS
    // Only demo builds contain this branch; the production build drops it and the mock with it.
    if (loads) {
      // The worker holds the simulated installation; the page asks it instead of the network.
      fetchFn = (input, init) => loads.fetchDemo(requestUrl(input), init?.signal ?? undefined)
    } else {
      const { startDemoInstallation } = await import('../mocks/browser')
      await startDemoInstallation({
        baseUrl: result.config.apiBaseUrl,
        scale: result.config.demoScale,
        variant: result.config.demoVariant,
        summaryEndpoint: result.config.demoSummaryEndpoint,
      })
    }
  }
  // The router is built (its history read, its routes planned) in a task of its own.
  const router = createAppRouter()
  await nextTask()
  const api: ApiConfig = {
    baseUrl: result.config.apiBaseUrl,
    timeoutMs: result.config.apiTimeoutMs,
    fetchFn,
  }
  // /meta is asked for while the page's chunk loads, not after it. The chunk is loaded before
  // the first render, so React's first commit shows the page (and replaces the intro the entry
  // painted with the same intro) rather than an empty main. Only the chunks: a navigation started
  // here would leave the router unaware of history changes until it is mounted.
  const queryClient = createQueryClient()
  void queryClient.prefetchQuery(metaQuery(api))
  // Every dashboard page's filters read the catalogue, and the overview's effect waits for it.
  void queryClient.prefetchQuery(toolsQuery(api))
  // A runs page whose URL fixes its list asks for it now too (its code is in the page's chunk).
  const { pathname, search } = router.latestLocation
  if (pathname === '/runs') {
    void import('../features/runs/prefetch-runs-page').then(({ prefetchRunsPage }) =>
      prefetchRunsPage(queryClient, api, search as UrlSearch, browserZone()),
    )
  }
  const [routes] = router.getMatchedRoutes(router.latestLocation.pathname)
  await Promise.all(routes.map((route) => router.loadRouteChunk(route))).catch(() => undefined)
  await nextTask()
  const app = (
    <StrictMode>
      <App router={router} api={api} queryClient={queryClient} loads={loads} now={now} />
    </StrictMode>
  )
  startTransition(() => root.render(app))
}
