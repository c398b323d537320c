import type { KNOWN_RUN_STATUSES, KNOWN_TERMINATION_REASONS } from '../contract/run'

const STATUS_LABELS: Record<(typeof KNOWN_RUN_STATUSES)[number], string> = {
  queued: 'Queued',
  running: 'Running',
  waiting_for_approval: 'Waiting for approval',
  waiting_for_input: 'Waiting for input',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
}

const REASON_LABELS: Record<(typeof KNOWN_TERMINATION_REASONS)[number], string> = {
  completed: 'Completed',
  max_iterations: 'Maximum iterations reached',
  budget_exhausted: 'Budget exhausted',
  policy_denied: 'Denied by policy',
  approval_denied: 'Approval denied',
  provider_failed: 'Provider failed',
  cancelled: 'Cancelled',
  retries_exhausted: 'Retries exhausted',
  not_retryable: 'Not retryable',
  context_truncated: 'Context truncated',
}

export interface Label {
  /** The words as a label starts them ("Waiting for approval"). */
  text: string
  /** The same inside a sentence ("waiting for approval"); a value we do not know stays as sent. */
  inSentence: string
}

function label(table: Readonly<Record<string, string>>, value: string): Label {
  if (value === '') return { text: '–', inSentence: '–' }
  if (!Object.hasOwn(table, value)) return { text: value, inSentence: value }
  const text = table[value] as string
  return { text, inSentence: text.charAt(0).toLowerCase() + text.slice(1) }
}

/**
 * A run status in words ("Waiting for approval" for `waiting_for_approval`). A status the
 * contract does not name is shown as the installation sent it (it is data, not ours to
 * rename); an empty one is an en dash.
 */
export function runStatusLabel(status: string): string {
  return label(STATUS_LABELS, status).text
}

/** {@link runStatusLabel} inside a sentence. */
export const runStatusInSentence = (status: string): string =>
  label(STATUS_LABELS, status).inSentence

/** A termination reason in words, by the same rule as {@link runStatusLabel}. */
export const terminationReasonLabel = (reason: string): Label => label(REASON_LABELS, reason)
