import { render } from '@testing-library/react'
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router'
import type { QueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { App, createQueryClient } from '@/app/app'
import { createAppRouter } from '@/app/router'
import { DEFAULT_API_BASE_URL } from '@/config/runtime-config'

/**
 * The whole app (providers, router, query client) opened at `path`, reading the API at its default
 * base URL, where the test's file serves its happy path. Testing Library's result comes back with
 * the router and the query client, for tests that navigate or watch what is being fetched (or
 * the client given, holding what a test asked before).
 */
export function renderApp(path: string, options: { queryClient?: QueryClient } = {}) {
  const router = createAppRouter(createMemoryHistory({ initialEntries: [path] }))
  const queryClient = options.queryClient ?? createQueryClient()
  const view = render(
    <App api={{ baseUrl: DEFAULT_API_BASE_URL }} router={router} queryClient={queryClient} />,
  )
  return { ...view, router, queryClient }
}

export type RenderedApp = ReturnType<typeof renderApp>

/**
 * `ui` alone, as the one route of a router at `path`: for a component with links, without the
 * app around it. Resolves once the router has loaded, so the first render shows `ui`.
 */
export async function renderInRouter(ui: ReactNode, path = '/') {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => ui }),
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  await router.load()
  return { ...render(<RouterProvider router={router} />), router }
}
