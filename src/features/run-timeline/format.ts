import type { Step } from '@/domain/contract'
import { outcomeOf, refusalCodeOf } from '@/domain/outcome'

/** A tool step's outcome in words; '' for other steps. */
export function outcomeLabel(step: Step): string {
  if (step.kind !== 'tool') return ''
  const outcome = outcomeOf(step)
  const code = refusalCodeOf(outcome)
  if (code === 'arguments') return 'Refused: arguments'
  if (code === 'turn') return 'Not run (refused: turn)'
  if (code !== null) return `Refused: ${code}`
  if (outcome === 'denied') return 'Denied (not run)'
  return outcome === 'failed' ? 'Failed' : 'Succeeded'
}

/** The decision or detail a non-tool step carries (approval, input, finish reason). */
export function decisionLabel(step: Step): string {
  if (step.kind === 'approval') {
    if (step.approved === true) return 'Approved by an editor'
    return step.approved === false ? 'Denied by an editor' : 'Decision not recorded'
  }
  if (step.kind === 'input') return 'Question answered by the user'
  if (step.finishReason !== undefined) return `Finish reason: ${step.finishReason}`
  return ''
}
