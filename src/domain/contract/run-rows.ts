import { z } from '../zod'
import { count, nonEmptyText, text } from './fast-checks'
import { instantSchema } from './instant'

/** Whether a row's calls by outcome fit in its calls (each call has one outcome). */
const fitsInCalls = (row: {
  toolCalls: number
  failed: number
  denied: number
  refused: readonly { calls: number }[]
}): boolean =>
  row.failed + row.denied + row.refused.reduce((sum, { calls }) => sum + calls, 0) <= row.toolCalls

/** Refused calls of one code: any string, so a list of pairs, never an object's keys. */
export const refusedCallsSchema = z.object({ code: text, calls: count })

/**
 * One run of the optional `GET /run-rows`: the run's own fields, its rounds (distinct rounds
 * above 0 among all its steps) and the counted calls of the query (tool steps of the selected
 * tools inside the range) by outcome; `refused` by code (each code once, with at least one call).
 */
export const runRowItemSchema = z
  .object({
    uuid: nonEmptyText,
    status: nonEmptyText,
    configuration: text,
    startedAt: instantSchema,
    finishedAt: instantSchema.nullable(),
    rounds: count,
    toolCalls: count,
    failed: count,
    denied: count,
    refused: z.array(refusedCallsSchema),
  })
  .refine(fitsInCalls, { message: 'more calls by outcome than calls', path: ['toolCalls'] })

export type RunRowItem = z.infer<typeof runRowItemSchema>

export const runRowsPageSchema = z.object({
  rows: z.array(runRowItemSchema),
  nextCursor: nonEmptyText.nullable(),
  totalRuns: count,
})

export type RunRowsPage = z.infer<typeof runRowsPageSchema>
