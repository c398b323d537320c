import { z } from '../zod'
import {
  amount,
  count,
  fastChecks,
  flag,
  integer,
  nonEmptyText,
  positive,
  text,
} from './fast-checks'
import { instantSchema } from './instant'

/** Step kinds the contract names; more may come and are kept under their own names. */
export const KNOWN_STEP_KINDS = [
  'request',
  'llm',
  'tool',
  'approval',
  'input',
  'context',
  'dropped',
  'assembled',
] as const

/** Run statuses the contract names; an unknown one is kept as its own string. */
export const KNOWN_RUN_STATUSES = [
  'queued',
  'running',
  'waiting_for_approval',
  'waiting_for_input',
  'completed',
  'failed',
  'cancelled',
] as const

/** Termination reasons the contract names (`terminationReason`); more may come. */
export const KNOWN_TERMINATION_REASONS = [
  'completed',
  'max_iterations',
  'budget_exhausted',
  'policy_denied',
  'approval_denied',
  'provider_failed',
  'cancelled',
  'retries_exhausted',
  'not_retryable',
  'context_truncated',
] as const

/** Refusal codes the contract names; any other non-null string is a refusal under its own name. */
export const KNOWN_REFUSAL_CODES = ['arguments', 'turn'] as const

type ToolFields = { kind?: unknown; toolName?: unknown; toolIsError?: unknown }
const TOOL_FIELDS = ['toolName', 'toolIsError'] as const

/**
 * The fields the outcome rule needs that a `tool` step lacks, in {@link TOOL_FIELDS}' order: such
 * a step cannot be counted. None for a step of another kind.
 */
function missingToolFields(step: ToolFields): (typeof TOOL_FIELDS)[number][] {
  return step.kind === 'tool' ? TOOL_FIELDS.filter((field) => step[field] === undefined) : []
}

/** Whether `step` lacks none of the fields the outcome rule needs. */
export const hasToolFields = (step: ToolFields): boolean => missingToolFields(step).length === 0

/**
 * One run step as the dashboard keeps it. Only metadata survives parsing: zod drops every key
 * not listed here, so text fields (content, toolArguments, toolResult, …) never reach the app.
 */
export const stepSchema = z
  .object({
    sequence: count,
    kind: nonEmptyText,
    round: count,
    occurredAt: instantSchema,
    durationMs: amount,
    toolName: text.optional(),
    toolIsError: flag.optional(),
    toolRefusal: text.nullable().optional(),
    /** Additive: `true` on a call an editor denied (it never ran); absent otherwise. */
    toolDenied: flag.optional(),
    approved: flag.optional(),
    writeTarget: z.object({ table: text, uid: integer }).optional(),
    promptTokens: amount.optional(),
    completionTokens: amount.optional(),
    finishReason: text.optional(),
  })
  .superRefine((step, ctx) => {
    for (const field of missingToolFields(step))
      ctx.addIssue({ code: 'custom', path: [field], message: `a tool step needs ${field}` })
  })
fastChecks.add(stepSchema, { refine: hasToolFields })

export type Step = z.infer<typeof stepSchema>

/**
 * A recorded step the installation could not read fully (its payload is damaged: not JSON, or a
 * field of the wrong type), reported instead of dropped. `listed`: the step is still in `steps`,
 * only its bad fields left out; not listed: it is missing from `steps` (a tool step whose name or
 * outcome fields could not be read, so it cannot be counted). `reason` is one sentence of
 * untrusted text, shown as text only.
 */
export const unreadableStepSchema = z.object({
  sequence: count,
  kind: text,
  round: count,
  occurredAt: instantSchema,
  toolName: text.optional(),
  listed: flag,
  reason: text,
})

export type UnreadableStep = z.infer<typeof unreadableStepSchema>

export const runSchema = z.object({
  uuid: nonEmptyText,
  status: nonEmptyText,
  configuration: text,
  startedAt: instantSchema,
  finishedAt: instantSchema.nullable(),
  terminationReason: text.nullable(),
  /**
   * Additive: how many times the run was started, when more than once (a retryable failure put
   * it back in the queue; each attempt starts again at round 1). Absent: once.
   */
  attempts: positive.optional(),
  /**
   * Additive: only in a listing of all installations of a server over many (decision 0017), the
   * installation that records the run. The same run exported twice is listed once for each.
   */
  installation: nonEmptyText.optional(),
  steps: z.array(stepSchema),
  /** Additive: sent only when some step could not be read fully. */
  unreadableSteps: z.array(unreadableStepSchema).optional(),
})

export type Run = z.infer<typeof runSchema>

export const runsPageSchema = z.object({
  runs: z.array(runSchema),
  nextCursor: nonEmptyText.nullable(),
  totalRuns: count,
})

export type RunsPage = z.infer<typeof runsPageSchema>
