import { z } from '../zod'
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

/** Refusal codes the contract names; any other non-null string is a refusal under its own name. */
export const KNOWN_REFUSAL_CODES = ['arguments', 'turn'] as const

/**
 * One run step as the dashboard keeps it. Only metadata survives parsing: zod drops every key
 * not listed here, so text fields (content, toolArguments, toolResult, …) never reach the app.
 */
export const stepSchema = z
  .object({
    sequence: z.number().int().min(0),
    kind: z.string().min(1),
    round: z.number().int().min(0),
    occurredAt: instantSchema,
    durationMs: z.number().min(0),
    toolName: z.string().optional(),
    toolIsError: z.boolean().optional(),
    toolRefusal: z.string().nullable().optional(),
    approved: z.boolean().optional(),
    writeTarget: z.object({ table: z.string(), uid: z.number().int() }).optional(),
    promptTokens: z.number().min(0).optional(),
    completionTokens: z.number().min(0).optional(),
    finishReason: z.string().optional(),
  })
  .superRefine((step, ctx) => {
    if (step.kind !== 'tool') return
    // A tool step without its name or error flag cannot be counted by the outcome rule.
    if (step.toolName === undefined) {
      ctx.addIssue({ code: 'custom', path: ['toolName'], message: 'a tool step needs toolName' })
    }
    if (step.toolIsError === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['toolIsError'],
        message: 'a tool step needs toolIsError',
      })
    }
  })

export type Step = z.infer<typeof stepSchema>

/**
 * A recorded step the installation could not read fully (its payload is damaged: not JSON, or a
 * field of the wrong type), reported instead of dropped. `listed`: the step is still in `steps`,
 * only its bad fields left out; not listed: it is missing from `steps` (a tool step whose name or
 * outcome fields could not be read, so it cannot be counted). `reason` is one sentence of
 * untrusted text, shown as text only.
 */
export const unreadableStepSchema = z.object({
  sequence: z.number().int().min(0),
  kind: z.string(),
  round: z.number().int().min(0),
  occurredAt: instantSchema,
  toolName: z.string().optional(),
  listed: z.boolean(),
  reason: z.string(),
})

export type UnreadableStep = z.infer<typeof unreadableStepSchema>

export const runSchema = z.object({
  uuid: z.string().min(1),
  status: z.string().min(1),
  configuration: z.string(),
  startedAt: instantSchema,
  finishedAt: instantSchema.nullable(),
  terminationReason: z.string().nullable(),
  steps: z.array(stepSchema),
  /** Additive: sent only when some step could not be read fully. */
  unreadableSteps: z.array(unreadableStepSchema).optional(),
})

export type Run = z.infer<typeof runSchema>

export const runsPageSchema = z.object({
  runs: z.array(runSchema),
  nextCursor: z.string().min(1).nullable(),
  totalRuns: z.number().int().min(0),
})

export type RunsPage = z.infer<typeof runsPageSchema>
