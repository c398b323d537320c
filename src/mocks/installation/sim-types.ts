import type { z } from '@/domain/zod'
import { KNOWN_TERMINATION_REASONS, type runSchema, type stepSchema } from '@/domain/contract'

/** The run statuses and termination reasons the loop knows (docs/reference/diagnostics-api.md). */
export const TERMINATION_REASONS = KNOWN_TERMINATION_REASONS
export const PENDING_STATUSES = [
  'running',
  'waiting_for_approval',
  'waiting_for_input',
  'queued',
] as const

export type TerminationReason = (typeof TERMINATION_REASONS)[number]
export type PendingStatus = (typeof PENDING_STATUSES)[number]
/** How a run ends: a termination reason, or the status it is still in at the end of the data. */
export type Ending = TerminationReason | PendingStatus

/** Everything needed to replay one run; the simulation derives the rest from `seed`. */
export interface RunSpec {
  readonly seed: number
  readonly startMs: number
  readonly configuration: number
  /** Tool calls the run executes without refusals (its turns are planned from this). */
  calls: number
  ending: Ending
}

/** One step inside the simulation: epoch-ms time and catalogue index instead of strings. */
export interface SimStep {
  kind: string
  round: number
  /** When the step was recorded (epoch ms): when its work ended, as the CMS records it. */
  at: number
  durationMs: number
  /** A tool index (`toolNameAt`): the catalogue's, or a name the model invented. */
  tool?: number
  /** The loop wrote the call without running it (a denied turn): it cannot fail by a quota. */
  notRun?: true
  isError?: boolean
  /** `undefined` = the key is absent (turns before the argument check). */
  refusal?: 'arguments' | 'turn' | null
  approved?: boolean
  writeTarget?: { table: string; uid: number }
  meta?: Record<string, number | boolean | string>
}

export interface SimRun {
  status: string
  terminationReason: string | null
  finishedAt: number | null
  /** How many times the run was claimed: above 1 when a retryable failure requeued it. */
  attempts: number
  steps: SimStep[]
}

/** A step as served: the contract's fields plus harmless metadata (no text, ever). */
export type MockStep = z.input<typeof stepSchema> & Record<string, unknown>

/** The privacy level a run's steps were stored at (the CMS applies it per row when writing). */
export type StoredLevel = 'none' | 'metadata' | 'redacted' | 'full'

/** A run as served by the mock API. */
export type MockRun = Omit<z.input<typeof runSchema>, 'steps'> & { steps: MockStep[] }
