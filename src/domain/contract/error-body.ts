import { z } from '../zod'

/** The error body the contract promises "where possible"; proxies may send anything else. */
export const errorBodySchema = z.object({
  error: z.string().optional(),
  message: z.string().optional(),
  /** A `503` `counting` answer's share counted so far; anything else there is ignored. */
  progress: z.unknown().optional(),
})

export type ErrorBody = z.infer<typeof errorBodySchema>

/**
 * The `error` code of a `/summary` asked while the server counts the installation for the first
 * time: a `503` with `Retry-After` and `progress`, the share counted so far (decision 0022).
 */
export const COUNTING = 'counting'

/** The `error` code of a `400` for a `/summary` whose local days the server cannot tell apart. */
export const ZONE_NOT_COUNTED = 'zone_not_counted'
