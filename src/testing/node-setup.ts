import { afterEach, vi } from 'vitest'

// The setup of the tests that run in Node (pure modules and the API server): a console.error or
// console.warn during a test is a failure, as a console.error is in the page tests.
const calls: unknown[][] = []
for (const level of ['error', 'warn'] as const) {
  vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
    calls.push([`console.${level}:`, ...args])
  })
}
afterEach(() => {
  const seen = calls.splice(0)
  if (seen.length > 0) throw new Error(seen.map((a) => a.map(String).join(' ')).join('\n'))
})
