import { markDeniedCalls } from '@/domain/denied-calls'
import { toolNameAt } from './catalogue'
import type { MockRun, MockStep, RunSpec, SimRun, SimStep } from './sim-types'
import { configurationAt } from './configurations'
import { isoAt } from './time'

function toStep(step: SimStep, sequence: number): MockStep {
  const served: MockStep = {
    sequence,
    kind: step.kind,
    round: step.round,
    occurredAt: isoAt(step.at),
    durationMs: step.durationMs,
  }
  if (step.tool !== undefined) {
    served.toolName = toolNameAt(step.tool)
    served.toolIsError = step.isError ?? false
    if (step.refusal !== undefined) served.toolRefusal = step.refusal
  }
  if (step.approved !== undefined) served.approved = step.approved
  if (step.writeTarget !== undefined) served.writeTarget = { ...step.writeTarget }
  return step.meta === undefined ? served : { ...served, ...step.meta }
}

/**
 * A simulated run as the API serves it: times as RFC 3339, tool names, metadata only, and the
 * calls of a denied turn marked `toolDenied` as a server reading the CMS's rows marks them.
 */
export function materialize(uuid: string, spec: RunSpec, run: SimRun): MockRun {
  const served: MockRun = {
    uuid,
    status: run.status,
    configuration: configurationAt(spec.configuration).name,
    startedAt: isoAt(spec.startMs),
    finishedAt: run.finishedAt === null ? null : isoAt(run.finishedAt),
    terminationReason: run.terminationReason,
    steps: markDeniedCalls(run.steps.map(toStep)),
  }
  if (run.attempts > 1) served.attempts = run.attempts
  return served
}
