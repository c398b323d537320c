import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider } from '@tanstack/react-router'
import { useState } from 'react'
import {
  ApiConfigProvider,
  SummaryStore,
  SummaryStoreContext,
  type ApiConfig,
  type LoadRunner,
} from '../api'
import { RunVisitsProvider } from '../features/runs/run-return'
import { AppErrorBoundary } from './app-error-boundary'
import { ClockContext } from './clock'
import { createAppRouter } from './router'

export interface AppProps {
  api: ApiConfig
  router?: ReturnType<typeof createAppRouter>
  queryClient?: QueryClient
  /** Where loads of runs run (a Web Worker in the app); on the page when left out. */
  loads?: LoadRunner
  /** The clock presets read today from; the browser's when left out (tests fix it). */
  now?: () => number
}

/** The app's query client (the one place its defaults are set). */
export const createQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } })

/** Providers and router. Large summaries are cached without structural sharing. */
export function App({ api, router, queryClient, loads, now }: AppProps) {
  const [client] = useState(() => queryClient ?? createQueryClient())
  const [appRouter] = useState(() => router ?? createAppRouter())
  const [summaries] = useState(() => new SummaryStore(loads))
  const [clock] = useState(() => now ?? (() => Date.now()))
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={client}>
        <ApiConfigProvider config={api}>
          <SummaryStoreContext.Provider value={summaries}>
            <RunVisitsProvider>
              <ClockContext.Provider value={clock}>
                <RouterProvider router={appRouter} />
              </ClockContext.Provider>
            </RunVisitsProvider>
          </SummaryStoreContext.Provider>
        </ApiConfigProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  )
}
