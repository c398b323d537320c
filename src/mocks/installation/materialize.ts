import { toolAt } from './catalogue'
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
    served.toolName = toolAt(step.tool).name
    served.toolIsError = step.isError ?? false
    if (step.refusal !== undefined) served.toolRefusal = step.refusal
  }
  if (step.approved !== undefined) served.approved = step.approved
  if (step.writeTarget !== undefined) served.writeTarget = { ...step.writeTarget }
  return step.meta === undefined ? served : { ...served, ...step.meta }
}

/** A simulated run as the API serves it: times as RFC 3339, tool names, metadata only. */
export function materialize(uuid: string, spec: RunSpec, run: SimRun): MockRun {
  return {
    uuid,
    status: run.status,
    configuration: configurationAt(spec.configuration).name,
    startedAt: isoAt(spec.startMs),
    finishedAt: run.finishedAt === null ? null : isoAt(run.finishedAt),
    terminationReason: run.terminationReason,
    steps: run.steps.map(toStep),
  }
}
