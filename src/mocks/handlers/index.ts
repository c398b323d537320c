import { createInstallation } from '../installation'
import { createHandlers, DEFAULT_BASE_URL } from './create-handlers'

export { createHandlers, DEFAULT_BASE_URL, type CreateHandlersOptions } from './create-handlers'
export {
  decodeCursor,
  DEFAULT_LIMIT,
  encodeCursor,
  MAX_LIMIT,
  parseRunsParams,
  type CursorKey,
} from '@/domain/api-query'

/** The demo installation at its default seed and scale. */
export const defaultInstallation = createInstallation()

/** Handlers for the default installation at the default base URL. */
export const handlers = createHandlers({
  baseUrl: DEFAULT_BASE_URL,
  installation: defaultInstallation,
})
