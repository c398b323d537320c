import { z } from '../zod'

/** The error body the contract promises "where possible"; proxies may send anything else. */
export const errorBodySchema = z.object({
  error: z.string().optional(),
  message: z.string().optional(),
})

export type ErrorBody = z.infer<typeof errorBodySchema>
