// Hand-built runs for the runs tests (imported by *.test.ts(x) only).
import type { Run, Step } from '../contract'

type StepInput = Partial<Step> & Pick<Step, 'kind' | 'round'>

/** A run built from short step descriptions; times advance a second per step from `startedAt`. */
export function handRun(
  uuid: string,
  steps: StepInput[],
  extra: Partial<Omit<Run, 'steps'>> = {},
): Run {
  const startedAt = extra.startedAt ?? '2026-11-10T10:00:00.000Z'
  const start = Date.parse(startedAt)
  return {
    uuid,
    status: 'completed',
    configuration: 'page-editor',
    finishedAt: new Date(start + (steps.length + 1) * 1000).toISOString(),
    terminationReason: 'completed',
    ...extra,
    startedAt,
    steps: steps.map((s, i) => ({
      sequence: i,
      occurredAt: new Date(start + (i + 1) * 1000).toISOString(),
      durationMs: 100,
      ...(s.kind === 'tool' ? { toolIsError: false } : {}),
      ...s,
    })),
  }
}

export const llm = (round: number): StepInput => ({ kind: 'llm', round })
export const tool = (round: number, toolName: string, extra: Partial<Step> = {}): StepInput => ({
  kind: 'tool',
  round,
  toolName,
  ...extra,
})

/** Round 1 refused (metadata for arguments, a sibling not run), round 2 re-sent and ran. */
export const refusalThenCorrected = handRun('r-corrected', [
  { kind: 'assembled', round: 0 },
  llm(1),
  tool(1, 'update_page_metadata', { toolRefusal: 'arguments', toolIsError: true }),
  tool(1, 'get_page_content', { toolRefusal: 'turn', toolIsError: true }),
  llm(2),
  tool(2, 'update_page_metadata', { toolRefusal: null }),
  tool(2, 'get_page_content', { toolRefusal: null }),
  llm(3),
])

/** The last round is refused; the run ran out of iterations before re-sending. */
export const refusalInLastRound = handRun(
  'r-last',
  [
    llm(1),
    tool(1, 'get_page_content', { toolRefusal: null }),
    llm(2),
    tool(2, 'create_content_element_draft', { toolRefusal: 'arguments', toolIsError: true }),
  ],
  { status: 'failed', terminationReason: 'max_iterations' },
)

/** An editor denied the turn of round 2: its call never ran, and the model went on. */
export const approvalDeclined = handRun('r-declined', [
  llm(1),
  tool(1, 'get_page_content'),
  llm(2),
  // The CMS records the decision at round 0, then each call of the turn as denied.
  { kind: 'approval', round: 0, approved: false, durationMs: 0 },
  tool(2, 'update_page_metadata', { toolIsError: true, toolDenied: true, durationMs: 0 }),
  llm(3),
])

/** Still waiting for the user's answer to a question. */
export const waitingForInput = handRun(
  'r-waiting',
  [llm(1), { kind: 'input', round: 0, durationMs: 0 }, tool(1, 'ask_user_question'), llm(2)],
  { status: 'waiting_for_input', terminationReason: null, finishedAt: null },
)
