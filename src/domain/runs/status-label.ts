import type { KNOWN_RUN_STATUSES } from '../contract/run'

const LABELS: Record<(typeof KNOWN_RUN_STATUSES)[number], string> = {
  queued: 'Queued',
  running: 'Running',
  waiting_for_approval: 'Waiting for approval',
  waiting_for_input: 'Waiting for input',
  completed: 'Completed',
  failed: 'Failed',
  cancelled: 'Cancelled',
}

/**
 * A run status in words ("Waiting for approval" for `waiting_for_approval`). A status the
 * contract does not name is shown as the installation sent it (it is data, not ours to
 * rename); an empty one is an en dash.
 */
export function runStatusLabel(status: string): string {
  if (status === '') return '–'
  return Object.hasOwn(LABELS, status) ? LABELS[status as keyof typeof LABELS] : status
}
