import { z } from '../zod'
import { count, text } from './fast-checks'
import { runRowItemSchema } from './run-rows'

/**
 * One page of the optional `GET /run-list`: the runs of a range that pass the list's own
 * filters, in the list's one order (`compareRunRows`), from `offset` on; how many runs pass and
 * how many counted calls of the outcome they hold; and, of every run of the range before the
 * list's filters, how many there are and which configurations, statuses and other refusal codes
 * they hold (what the filters offer).
 */
export const runListPageSchema = z.object({
  rows: z.array(runRowItemSchema),
  offset: count,
  totalRuns: count,
  calls: count,
  rangeRuns: count,
  configurations: z.array(text),
  statuses: z.array(text),
  otherCodes: z.array(text),
})

export type RunListPage = z.infer<typeof runListPageSchema>
