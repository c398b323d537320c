import type { UnreadableStep } from '@/domain/contract'
import { createInstallation, type Installation, type MockRun } from '../installation'
import { rewriteInstallation } from '../variants/rewrite-installation'

/** A small stable number of a text (FNV-1a), so the same runs are damaged on every call. */
function hashOf(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193)
  return h >>> 0
}

/**
 * What a server reports for a run some of whose recorded steps it could not read: a tool call it
 * could not list (its tool named or not), one it listed without a bad field, a write it could
 * not attach, and in some runs a call of a tool the catalogue does not offer. Times are those of
 * the run's own steps, so each falls where the run does. A run without steps reports nothing.
 */
function damaged(run: MockRun, n: number): UnreadableStep[] {
  const tool = run.steps.find((step) => step.kind === 'tool')
  const first = run.steps[0]
  const last = run.steps.at(-1)
  if (first === undefined || last === undefined) return []
  let sequence = run.steps.reduce((most, step) => Math.max(most, step.sequence), 0)
  const entry = (at: string, over: Partial<UnreadableStep>): UnreadableStep => ({
    sequence: ++sequence,
    kind: 'tool',
    round: 1,
    occurredAt: at,
    listed: false,
    reason: '"toolIsError": expected boolean, received string',
    ...over,
  })
  const name = n % 3 === 0 || tool?.toolName === undefined ? {} : { toolName: tool.toolName }
  const entries = [
    entry(last.occurredAt, name),
    entry(first.occurredAt, { ...name, listed: true, reason: '"durationMs": expected number' }),
    entry(last.occurredAt, { kind: 'tool_write', reason: 'a tool_write step with no tool call' }),
  ]
  if (n % 2 === 0) entries.push(entry(first.occurredAt, { toolName: 'retired_tool' }))
  return entries
}

/**
 * The demo installation (or `base`) with about one run in `every` reporting unreadable steps
 * (`Run.unreadableSteps`), as the API server does for damaged payloads; everything else as the
 * base serves it. For tests of the count of unreadable tool calls, folded or pre-aggregated.
 */
export function createDamagedInstallation(
  base: Installation = createInstallation(),
  every = 4,
): Installation {
  return rewriteInstallation(base, {
    run: (run) => {
      const n = hashOf(run.uuid)
      if (n % every !== 0) return run
      const unreadableSteps = damaged(run, Math.floor(n / every))
      return unreadableSteps.length === 0 ? run : { ...run, unreadableSteps }
    },
  })
}
