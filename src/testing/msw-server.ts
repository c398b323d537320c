import { setupServer } from 'msw/node'

/**
 * The mock API of the jsdom tests: setup.ts starts it with `onUnhandledRequest: 'error'` and resets
 * it after each test. It has no handlers of its own, so a file serves its happy path with
 * `server.use` in `beforeEach` and a test adds its faults on top. Serving the demo's handlers here
 * would build the demo installation in every jsdom file, about 0.7 s each, for the few that ask it.
 */
export const server = setupServer()
