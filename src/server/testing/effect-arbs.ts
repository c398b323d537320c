/**
 * Generated installations and windows for the overview's effect: runs whose rounds repeat, skip,
 * reach past 31 or are 0, whose steps' times may go back, with few tools or many; windows cut
 * anywhere, on quarter hours or within a quarter hour of a step; and runs found by hand that
 * once told the view's plan from the browser's fold. For the server's and the fleet's tests.
 */
import fc from 'fast-check'
import type { Tool } from '@/domain/contract'
import { runArb, SPAN_DAYS, START, stepArb, TOOL_NAMES, toRun } from './generated-runs'

export const QUARTER_HOUR = 900_000
export type ArbitraryValue<A> = A extends fc.Arbitrary<infer T> ? T : never
const SPAN_MS = (SPAN_DAYS + 2) * 86_400_000

/** Built-in tools of the catalogue, each flag on for some. */
export const CATALOGUE: Tool[] = TOOL_NAMES.slice(0, 6).map((name, i) => ({
  name,
  source: i % 3 === 2 ? 'mcp' : 'builtin',
  server: null,
  group: 'content',
  effect: 'non_idempotent_write',
  approval: i % 2 === 0,
  input: i % 3 === 1,
  parameters: {},
}))

/**
 * A generated run, often with a few tools only and rounds that repeat, skip, reach past 31 or are
 * 0 (not listed): one tool's calls share rounds and quarter hours, as the view's groups hold them.
 * Its steps' times may go back (a step stored with an earlier time than the one before it).
 */
export const effectRunArb = fc
  .tuple(
    runArb,
    fc.array(
      fc.oneof(
        fc.integer({ min: 0, max: 60_000 }),
        fc.integer({ min: -3_600_000, max: 7 * 3_600_000 }),
      ),
      { maxLength: 10 },
    ),
    fc.array(stepArb, { maxLength: 10 }),
    fc.array(fc.constantFrom(0, 1, 1, 2, 2, 3, 32), { minLength: 10, maxLength: 10 }),
    fc.boolean(),
  )
  .map(([spec, gaps, steps, rounds, fewTools]) => ({
    ...spec,
    gaps,
    rounds,
    steps: steps.map((step) =>
      fewTools && 'toolName' in step
        ? { ...step, toolName: TOOL_NAMES[TOOL_NAMES.indexOf(step.toolName) % 2] as string }
        : step,
    ),
  }))

/**
 * Three instants (before start, decision, after end): anywhere in the generated span, there on a
 * quarter hour, or within a quarter hour of a step (so a bound often cuts a quarter hour that
 * holds calls).
 */
const cutArb = fc.record({
  at: fc.nat(SPAN_MS),
  step: fc.nat(),
  shift: fc.integer({ min: -QUARTER_HOUR, max: QUARTER_HOUR }),
})
export const windowArb = fc.record({
  cuts: fc.tuple(cutArb, cutArb, cutArb),
  mode: fc.constantFrom('anywhere', 'on the grain', 'near a step'),
  tools: fc.oneof(
    fc.constant<string[]>([]),
    fc.uniqueArray(fc.constantFrom(...TOOL_NAMES, 'no_such_tool'), { minLength: 1, maxLength: 3 }),
  ),
})

const DAY = 86_400_000
const callAt = (gap: number, round: 1 | 2, refusal?: string) => ({
  gap,
  round,
  step: {
    kind: 'tool' as const,
    toolName: TOOL_NAMES[0] as string,
    toolIsError: false,
    toolRefusal: refusal,
  },
})
/**
 * A run whose steps' times go back across a decision on a quarter hour: two `arguments` refusals
 * of one round, the first stored after the decision, the second before it, and one success in
 * the next round, which recovers the first (step order), not the one earlier in time.
 */
const straddling = [
  callAt(1_200_000, 1, 'arguments'),
  callAt(-1_500_000, 1, 'arguments'),
  callAt(1_560_000, 2),
]
export const straddlingRun: ArbitraryValue<typeof effectRunArb> = {
  uuid: '00000000-0000-4000-8000-000000000001',
  status: 'completed',
  startOffset: DAY,
  gaps: straddling.map((s) => s.gap),
  steps: straddling.map((s) => s.step),
  rounds: straddling.map((s) => s.round),
  requeued: 0,
  level: 'metadata',
}
/** Two refusals of one tool in one round, a second apart, and a third in the next: one group. */
const twiceInARound = [
  callAt(1_000, 1, 'arguments'),
  callAt(1_000, 1, 'arguments'),
  callAt(1_000, 2),
]
export const twiceRun: ArbitraryValue<typeof effectRunArb> = {
  ...straddlingRun,
  uuid: '00000000-0000-4000-8000-000000000002',
  startOffset: DAY + 3_600_000,
  gaps: twiceInARound.map((s) => s.gap),
  steps: twiceInARound.map((s) => s.step),
  rounds: twiceInARound.map((s) => s.round),
}
/** Windows from a day before the run to two after it, decided at its start (a quarter hour). */
export const aroundItsStart: ArbitraryValue<typeof windowArb> = {
  cuts: [
    { at: 0, step: 0, shift: 0 },
    { at: 2 * DAY, step: 0, shift: 0 },
    { at: 4 * DAY, step: 0, shift: 0 },
  ],
  mode: 'on the grain',
  tools: [],
}

/** A window's three instants, sorted (before start, decision, after end), for runs `specs`. */
export function windowInstants(
  w: ArbitraryValue<typeof windowArb>,
  specs: readonly ArbitraryValue<typeof effectRunArb>[],
): [number, number, number] {
  const stepTimes = specs.flatMap((spec) =>
    toRun(spec).steps.map((step) => Date.parse(step.occurredAt)),
  )
  const at = ({ at, step, shift }: { at: number; step: number; shift: number }) => {
    const near = stepTimes[step % Math.max(1, stepTimes.length)]
    if (w.mode === 'near a step' && near !== undefined) return near + shift
    const cut = w.mode === 'on the grain' ? at - (at % QUARTER_HOUR) : at
    return START - 86_400_000 + cut
  }
  return w.cuts.map(at).sort((a, b) => a - b) as [number, number, number]
}
