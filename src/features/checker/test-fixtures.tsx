import { render } from '@testing-library/react'
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router'
import type { FunctionComponent } from 'react'
import type { Tool } from '@/domain/contract'
import type { Filters } from '@/domain/filters'

/** A built-in tool with one required parameter. */
export const tool: Tool = {
  name: 'update_page_metadata',
  source: 'builtin',
  server: null,
  group: 'editing',
  effect: 'idempotent_write',
  approval: true,
  input: false,
  parameters: { type: 'object', properties: { uid: { type: 'integer' } }, required: ['uid'] },
}

export const filters: Filters = {
  from: '2026-11-01',
  to: '2026-11-02',
  tz: 'UTC',
  tools: [],
  preset: 'custom',
}

/** Renders `Page` at /checker inside a router (the catalogue's cells hold links). */
export function renderAtChecker(Page: FunctionComponent): void {
  const router = createRouter({
    routeTree: createRootRoute({ component: Page }),
    history: createMemoryHistory({ initialEntries: ['/checker'] }),
  })
  render(<RouterProvider router={router} />)
}
