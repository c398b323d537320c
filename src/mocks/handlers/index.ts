import { createInstallation } from '../installation'
import { createHandlers } from './create-handlers'

export { createHandlers, type CreateHandlersOptions } from './create-handlers'
export { decodeCursor, encodeCursor, type CursorKey } from './cursor'
export { DEFAULT_LIMIT, MAX_LIMIT, parseRunsParams } from './params'

/** Where the dashboard finds the API by default (config.json may say otherwise). */
export const DEFAULT_BASE_URL = '/api/diagnostics/v1'

/** The demo installation at its default seed and scale. */
export const defaultInstallation = createInstallation()

/** Handlers for the default installation at the default base URL. */
export const handlers = createHandlers({
  baseUrl: DEFAULT_BASE_URL,
  installation: defaultInstallation,
})
