import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
} from '@tanstack/react-router'
import { Layout } from './layout'
import { NotFoundPage, RouteError } from './route-error'
import { fromUrlText, toUrlText } from '../domain/code-units'
import { parseSearch, stringifySearch, validateUrlSearch } from './search-params'

const rootRoute = createRootRoute({
  component: Layout,
  errorComponent: RouteError,
  notFoundComponent: NotFoundPage,
})

// Pages load lazily so the first paint carries only the shell.
const page = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T & string) =>
  lazyRouteComponent(load, name)

const overviewRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: validateUrlSearch,
  component: page(() => import('./pages/overview-page'), 'OverviewPage'),
})
const toolsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/tools',
  validateSearch: validateUrlSearch,
  component: page(() => import('./pages/tools-page'), 'ToolsPage'),
})
const runsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/runs',
  validateSearch: validateUrlSearch,
  component: page(() => import('./pages/runs-page'), 'RunsPage'),
})
const runRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/runs/$uuid',
  // A run id is the server's text: one with a lone surrogate has no URL form (the router's
  // encodeURIComponent would throw while rendering the link).
  params: {
    parse: ({ uuid }) => ({ uuid: fromUrlText(uuid) }),
    stringify: ({ uuid }) => ({ uuid: toUrlText(uuid) }),
  },
  validateSearch: validateUrlSearch,
  component: page(() => import('./pages/run-page'), 'RunPage'),
})
const checkerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/checker',
  validateSearch: validateUrlSearch,
  component: page(() => import('./pages/checker-page'), 'CheckerPage'),
})

export const routeTree = rootRoute.addChildren([
  overviewRoute,
  toolsRoute,
  runsRoute,
  runRoute,
  checkerRoute,
])

/** A router for the app; tests pass a memory history. */
export function createAppRouter(history?: Parameters<typeof createRouter>[0]['history']) {
  return createRouter({
    routeTree,
    history,
    parseSearch,
    stringifySearch,
    defaultPreload: 'intent',
    // A page that fails shows its error inside the layout: header and navigation stay usable.
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>
  }
}
