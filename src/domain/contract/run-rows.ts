import { z } from '../zod'
import { count, nonEmptyText, text } from './fast-checks'
import { instantSchema } from './instant'

/** Whether a row's calls by outcome fit in its calls (each call has one outcome). */
const fitsInCalls = (row: {
  toolCalls: number
  failed: number
  denied: number
  refused: Record<string, number>
}): boolean =>
  row.failed + row.denied + Object.values(row.refused).reduce((sum, n) => sum + n, 0) <=
  row.toolCalls

/**
 * One run of the optional `GET /run-rows`: the run's own fields, its rounds (distinct rounds
 * above 0 among all its steps) and the counted calls of the query (tool steps of the selected
 * tools inside the range) by outcome; `refused` by code, codes with at least one call only.
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
    refused: z.record(z.string(), count),
  })
  .refine(fitsInCalls, { message: 'more calls by outcome than calls', path: ['toolCalls'] })

export type RunRowItem = z.infer<typeof runRowItemSchema>

export const runRowsPageSchema = z.object({
  rows: z.array(runRowItemSchema),
  nextCursor: nonEmptyText.nullable(),
  totalRuns: count,
})

export type RunRowsPage = z.infer<typeof runRowsPageSchema>
