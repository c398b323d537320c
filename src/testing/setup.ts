import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, vi } from 'vitest'
import { cleanup } from '@testing-library/react'

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
