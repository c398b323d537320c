import '@testing-library/jest-dom/vitest'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { cleanup, configure } from '@testing-library/react'
import { server } from './msw-server'

// A findBy/waitFor ends as soon as the state it waits for is there; only a state that never comes
// runs to this limit. Testing Library's default of 1 s fails right tests on a busy machine (a first
// render imports its lazy route while MSW answers on the same two cores), so a wait may take most
// of the test's own 20 s (vite.config.ts) and still fail first, with the DOM printed.
configure({ asyncUtilTimeout: 15_000 })

// jsdom has no layout; the router's scroll restoration calls scrollTo.
window.scrollTo = () => undefined

// A request no handler answers fails the test: MSW reports it through console.error.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

// A console.error or console.warn during a test is a failure: React warnings, failed renders and
// unhandled request reports all land there and must not pass silently. A test that expects one
// spies on it itself and asserts it.
let calls: unknown[][] = []
beforeEach(() => {
  calls = []
  for (const level of ['error', 'warn'] as const) {
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      calls.push([`console.${level}:`, ...args])
    })
  }
})
afterEach(() => {
  cleanup()
  server.resetHandlers()
  vi.restoreAllMocks()
  if (calls.length > 0) {
    const first = calls[0]?.map(String).join(' ') ?? ''
    throw new Error(`the console was called ${calls.length} time(s); first: ${first}`)
  }
})
