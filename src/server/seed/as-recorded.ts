import type { MockRun, MockStep } from '@/mocks/installation'
import { storedDuration } from './record-run'

const floorIso = (iso: string): string =>
  new Date(Math.floor(Date.parse(iso) / 1000) * 1000).toISOString()

/** The keys of a step the server serves (the contract's metadata fields). */
const SERVED_KEYS = [
  'toolName',
  'toolIsError',
  'toolRefusal',
  'toolDenied',
  'approved',
  'writeTarget',
  'promptTokens',
  'completionTokens',
  'finishReason',
] as const

/**
 * What the API can give back of a run after the CMS recorded it: times in whole seconds,
 * durations to 2 places, an unrefused call without `toolRefusal`, only the contract's metadata
 * keys, and sequence numbers counting the `tool_write` rows between the steps. Written from the
 * recording rules, not from the server's reading, so each checks the other.
 */
export function asRecorded(run: MockRun): MockRun {
  let writes = 0
  const steps = run.steps.map((step, index) => {
    const served: MockStep = {
      sequence: index + writes,
      kind: step.kind,
      round: step.round,
      occurredAt: floorIso(step.occurredAt),
      durationMs: storedDuration(step.durationMs),
    }
    for (const key of SERVED_KEYS) {
      const value = step[key]
      if (value !== undefined && value !== null) served[key] = value as never
    }
    if (step.writeTarget !== undefined && step.toolName !== undefined) writes += 1
    return served
  })
  return {
    ...run,
    startedAt: floorIso(run.startedAt),
    finishedAt: run.finishedAt === null ? null : floorIso(run.finishedAt),
    steps,
  }
}
