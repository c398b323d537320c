import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, vi } from 'vitest'
import { cleanup, configure } from '@testing-library/react'

// A findBy/waitFor ends as soon as the state it waits for is there; only a state that never comes
// runs to this limit. Testing Library's default of 1 s fails right tests on a busy machine (a first
// render imports its lazy route while MSW answers on the same two cores), so a wait may take most
// of the test's own 20 s (vite.config.ts) and still fail first, with the DOM printed.
configure({ asyncUtilTimeout: 15_000 })

// jsdom has no layout; the router's scroll restoration calls scrollTo.
window.scrollTo = () => undefined

// A console.error during a test is a failure: React warnings, failed renders and
// unhandled request reports all land there and must not pass silently.
let errors: unknown[][] = []
beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  if (errors.length > 0) {
    const first = errors[0]?.map(String).join(' ') ?? ''
    throw new Error(`console.error was called ${errors.length} time(s); first: ${first}`)
  }
})
