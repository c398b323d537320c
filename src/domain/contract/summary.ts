import { z } from '../zod'
import { instantSchema } from './instant'

/**
 * The outcome of a tool call as the optional `GET /summary` groups it: the contract's outcome
 * rule with the refusal code in its own column (`refused` + `code`).
 */
export const SUMMARY_OUTCOMES = ['succeeded', 'failed', 'refused'] as const

/** A calendar day `YYYY-MM-DD` (a real date) in the zone of the request. */
const daySchema = z.iso.date()

/**
 * One group of `GET /summary`: the tool calls of one local day, tool and outcome (and refusal
 * code). `code` is the refusal code — a string exactly when `outcome` is `refused` (any string,
 * known or not); null or absent otherwise.
 */
export const summaryCallsSchema = z
  .object({
    day: daySchema,
    tool: z.string().min(1),
    outcome: z.enum(SUMMARY_OUTCOMES),
    code: z.string().nullable().optional(),
    calls: z.number().int().min(0),
  })
  .superRefine((row, ctx) => {
    const hasCode = typeof row.code === 'string'
    if (row.outcome === 'refused' && !hasCode) {
      ctx.addIssue({ code: 'custom', path: ['code'], message: 'a refused group needs its code' })
    }
    if (row.outcome !== 'refused' && hasCode) {
      ctx.addIssue({
        code: 'custom',
        path: ['code'],
        message: 'only a refused group has a code',
      })
    }
  })

export type SummaryCalls = z.infer<typeof summaryCallsSchema>

/** How many of the matching runs are in one status (open enumeration, like `Run.status`). */
export const summaryStatusCountSchema = z.object({
  status: z.string().min(1),
  runs: z.number().int().min(0),
})

export type SummaryStatusCount = z.infer<typeof summaryStatusCountSchema>

const count = z.number().int().min(0)

/**
 * The body of the optional `GET /summary`: what the installation's database computes for the
 * query `[from, to)`, `tz`, `tool` — the same runs `GET /runs` would list for it, counted by the
 * contract's rules. `from`, `to`, `tz`, `tools` echo the query as received.
 */
export const summaryResponseSchema = z.object({
  from: instantSchema,
  to: instantSchema,
  tz: z.string().min(1),
  tools: z.array(z.string().min(1)),
  runs: count,
  runsWithCalls: count,
  runsWithRefusal: count,
  runsWithFailure: count,
  runsByStatus: z.array(summaryStatusCountSchema),
  rows: z.array(summaryCallsSchema),
  stepKinds: z.array(z.string().min(1)),
  /**
   * Additive, sent only when > 0: the tool steps in `[from, to)` of those runs that could not be
   * counted (not listed among their steps), less those whose name was read and is not selected.
   */
  unreadableToolSteps: count.optional(),
})

export type SummaryResponse = z.infer<typeof summaryResponseSchema>
