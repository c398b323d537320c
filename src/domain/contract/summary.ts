import { z } from '../zod'
import { count, fastChecks, leaf, nonEmptyText, text } from './fast-checks'
import { instantSchema } from './instant'

/**
 * The outcome of a tool call as the optional `GET /summary` groups it: the contract's outcome
 * rule with the refusal code in its own column (`refused` + `code`).
 */
export const SUMMARY_OUTCOMES = ['succeeded', 'failed', 'denied', 'refused'] as const

// zod's own pattern (public API), so this check is the schema's.
const DAY_PATTERN = z.regexes.date

export const isSummaryDay = (v: unknown): boolean => typeof v === 'string' && DAY_PATTERN.test(v)

/** A calendar day `YYYY-MM-DD` (a real date) in the zone of the request. */
export const summaryDaySchema = leaf(z.iso.date(), isSummaryDay)

export const isSummaryOutcome = (v: unknown): boolean =>
  (SUMMARY_OUTCOMES as readonly unknown[]).includes(v)

export const summaryOutcomeSchema = leaf(z.enum(SUMMARY_OUTCOMES), isSummaryOutcome)

/** Whether a group has a code exactly when it is refused (the rule the schema refines by). */
export const hasCodeOnlyWhenRefused = (row: { outcome?: unknown; code?: unknown }): boolean =>
  (row.outcome === 'refused') === (typeof row.code === 'string')

/**
 * One group of `GET /summary`: the tool calls of one local day, tool and outcome (and refusal
 * code). `code` is the refusal code — a string exactly when `outcome` is `refused` (any string,
 * known or not); null or absent otherwise.
 */
export const summaryCallsSchema = z
  .object({
    day: summaryDaySchema,
    tool: nonEmptyText,
    outcome: summaryOutcomeSchema,
    code: text.nullable().optional(),
    calls: count,
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
fastChecks.add(summaryCallsSchema, { refine: hasCodeOnlyWhenRefused })

export type SummaryCalls = z.infer<typeof summaryCallsSchema>

/** How many of the matching runs are in one status (open enumeration, like `Run.status`). */
export const summaryStatusCountSchema = z.object({
  status: nonEmptyText,
  runs: count,
})

export type SummaryStatusCount = z.infer<typeof summaryStatusCountSchema>

/**
 * The body of the optional `GET /summary`: what the installation's database computes for the
 * query `[from, to)`, `tz`, `tool` — the same runs `GET /runs` would list for it, counted by the
 * contract's rules. `from`, `to`, `tz`, `tools` echo the query as received.
 */
export const summaryResponseSchema = z.object({
  from: instantSchema,
  to: instantSchema,
  tz: nonEmptyText,
  tools: z.array(nonEmptyText),
  runs: count,
  runsWithCalls: count,
  runsWithRefusal: count,
  runsWithFailure: count,
  runsByStatus: z.array(summaryStatusCountSchema),
  rows: z.array(summaryCallsSchema),
  stepKinds: z.array(nonEmptyText),
  /**
   * Additive, sent only when > 0: the tool steps in `[from, to)` of those runs that could not be
   * counted (not listed among their steps), less those whose name was read and is not selected.
   */
  unreadableToolSteps: count.optional(),
})

export type SummaryResponse = z.infer<typeof summaryResponseSchema>
