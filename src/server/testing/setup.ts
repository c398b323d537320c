import { afterEach, vi } from 'vitest'

// A console.error during a server test is a failure, as in the page tests.
const errors: unknown[][] = []
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args)
})
afterEach(() => {
  const seen = errors.splice(0)
  if (seen.length > 0)
    throw new Error(`console.error was called: ${seen.map((a) => a.join(' ')).join('\n')}`)
})
