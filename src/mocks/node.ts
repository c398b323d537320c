import { setupServer } from 'msw/node'
import { handlers } from './handlers'

/** The mock API for tests in Node (start it with `onUnhandledRequest: 'error'`). */
export const server = setupServer(...handlers)
