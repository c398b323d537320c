/**
 * On generated installations (hostile tool names, unknown and look-alike refusal codes, denied
 * calls, unreadable steps, runs still going) and windows cut at any millisecond or on quarter
 * hours, the server's `/effect` equals the dashboard's own fold (`foldEffect`) of the server's
 * `/runs` with the server's `/tools` catalogue, on every engine.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  effectResponseSchema,
  runsPageSchema,
  toolsResponseSchema,
  type Run,
  type Tool,
} from '../domain/contract'
import {
  createEffectScope,
  effectFromWire,
  emptyEffectSummary,
  foldEffect,
  windowsBetween,
} from '../domain/effect'
import { createListedInstallation } from '../mocks/variants'
import { openDatabase } from './db/open-database'
import type { Database } from './db/database'
import { seedInstallation } from './seed/seed-installation'
import { allPages, askServer } from './testing/ask'
import { runArb, SPAN_DAYS, START, stepArb, TOOL_NAMES, toRun } from './testing/generated-runs'
import { testEngines } from './testing/engines'
import { serveSeeded, type SeededServer } from './testing/serve-seeded'
import { emptyTables, generatedMeta } from './testing/reseed'

const engines = await testEngines()
const QUARTER_HOUR = 900_000
type ArbitraryValue<A> = A extends fc.Arbitrary<infer T> ? T : never
const SPAN_MS = (SPAN_DAYS + 2) * 86_400_000

/** Built-in tools of the catalogue, each flag on for some. */
const CATALOGUE: Tool[] = TOOL_NAMES.slice(0, 6).map((name, i) => ({
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
const effectRunArb = fc
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
const windowArb = fc.record({
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
const straddlingRun: ArbitraryValue<typeof effectRunArb> = {
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
const twiceRun: ArbitraryValue<typeof effectRunArb> = {
  ...straddlingRun,
  uuid: '00000000-0000-4000-8000-000000000002',
  startOffset: DAY + 3_600_000,
  gaps: twiceInARound.map((s) => s.gap),
  steps: twiceInARound.map((s) => s.step),
  rounds: twiceInARound.map((s) => s.round),
}
/** Windows from a day before the run to two after it, decided at its start (a quarter hour). */
const aroundItsStart: ArbitraryValue<typeof windowArb> = {
  cuts: [
    { at: 0, step: 0, shift: 0 },
    { at: 2 * DAY, step: 0, shift: 0 },
    { at: 4 * DAY, step: 0, shift: 0 },
  ],
  mode: 'on the grain',
  tools: [],
}

describe.each(engines)('the effect of generated installations on %s', (engine) => {
  let served: SeededServer
  let writer: Database
  const installation = (runs: Run[]) =>
    createListedInstallation({ meta: generatedMeta(), tools: CATALOGUE, runs })
  beforeAll(async () => {
    served = await serveSeeded(engine, installation([]))
    writer = openDatabase(served.databaseUrl, { write: true })
  }, 120_000)
  afterAll(async () => {
    await writer?.close()
    await served?.stop()
  })

  it('answers /effect as the fold of its own /runs', async () => {
    const ask = askServer(served.base)
    const tools = toolsResponseSchema.parse((await ask('/tools')).body).tools
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(effectRunArb, { selector: (run) => run.uuid, maxLength: 12 }),
        fc.array(windowArb, { minLength: 1, maxLength: 3 }),
        async (specs, windows) => {
          await emptyTables(writer)
          const levels = new Map(specs.map((spec) => [spec.uuid, spec.level]))
          await seedInstallation(writer, {
            ...installation(specs.map(toRun)),
            storedLevelOf: (uuid) => levels.get(uuid) ?? 'metadata',
          })
          const stepTimes = specs.flatMap((spec) =>
            toRun(spec).steps.map((step) => Date.parse(step.occurredAt)),
          )
          for (const w of windows) {
            const at = ({ at, step, shift }: { at: number; step: number; shift: number }) => {
              const near = stepTimes[step % Math.max(1, stepTimes.length)]
              if (w.mode === 'near a step' && near !== undefined) return near + shift
              const cut = w.mode === 'on the grain' ? at - (at % QUARTER_HOUR) : at
              return START - 86_400_000 + cut
            }
            const [from, decision, to] = w.cuts.map(at).sort((a, b) => a - b) as [
              number,
              number,
              number,
            ]
            if (from === to) continue
            const scope = createEffectScope(windowsBetween(from, decision, to), w.tools, tools)
            // What the dashboard asks for an effect (`queryOf`): the windows' own instants.
            const search = new URLSearchParams({
              from: new Date(from).toISOString(),
              to: new Date(to).toISOString(),
            })
            for (const tool of w.tools) search.append('tool', tool)
            const listed: Run[] = (await allPages(ask, `/runs?${search}&limit=7`)).flatMap(
              (page) => runsPageSchema.parse(page.body).runs,
            )
            const asked = new URLSearchParams({
              from: new Date(from).toISOString(),
              decision: new Date(decision).toISOString(),
              to: new Date(to).toISOString(),
            })
            for (const tool of w.tools) asked.append('tool', tool)
            const answer = await ask(`/effect?${asked}`)
            expect(answer.status, JSON.stringify(answer.body)).toBe(200)
            const effect = effectFromWire(effectResponseSchema.parse(answer.body))
            expect(effect).toEqual(foldEffect(emptyEffectSummary(), listed, scope))
          }
        },
      ),
      {
        numRuns: Number(process.env.RD_PROPERTY_RUNS ?? (engine === 'sqlite' ? 40 : 15)),
        examples: [[[straddlingRun, twiceRun], [aroundItsStart]]],
      },
    )
  })
})
