import type { MockRun, MockStep } from '../installation'

/** 300,000 steps: the size the run page stays responsive at (decision 0020). */
export const HUGE_RUN_STEPS = 300_000

/**
 * The demo's two huge runs (decision 0020), served by `/runs/:uuid` only — never listed, so the
 * demo's other pages do not change: 100,000 rounds of 3 steps, and one round of 300,000 steps.
 */
export const HUGE_RUN_UUIDS = {
  manyRounds: '30000000-0000-4000-8000-000000300000',
  oneRound: '30000000-0000-4000-8000-000000300001',
} as const

const START = Date.UTC(2026, 10, 30, 8)
const TOOLS = ['get_tca', 'update_page_metadata', 'create_translation_draft'] as const
const at = (ms: number) => new Date(START + ms).toISOString()

/** Step `i` of a huge run: every third a model step, the rest tool calls, some failed or refused. */
function hugeStep(i: number, round: number): MockStep {
  const base = { sequence: i, round, occurredAt: at(i * 1000), durationMs: 400 + (i % 7) * 50 }
  if (i % 3 === 0) return { ...base, kind: 'llm' }
  const step: MockStep = {
    ...base,
    kind: 'tool',
    toolName: TOOLS[i % TOOLS.length] ?? 'get_tca',
    toolIsError: i % 11 === 0,
  }
  if (i % 13 === 0) step.toolRefusal = 'arguments'
  return step
}

/** The huge demo run with this uuid, built when asked for; undefined for any other uuid. */
export function hugeRun(uuid: string): MockRun | undefined {
  const oneRound = uuid === HUGE_RUN_UUIDS.oneRound
  if (!oneRound && uuid !== HUGE_RUN_UUIDS.manyRounds) return undefined
  return {
    uuid,
    status: 'completed',
    configuration: 'page-editor',
    startedAt: at(0),
    finishedAt: at(HUGE_RUN_STEPS * 1000),
    terminationReason: 'completed',
    steps: Array.from({ length: HUGE_RUN_STEPS }, (_, i) =>
      hugeStep(i, oneRound ? 1 : Math.floor(i / 3) + 1),
    ),
  }
}
