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
import { runArb, SPAN_DAYS, START, TOOL_NAMES, toRun } from './testing/generated-runs'
import { testEngines } from './testing/engines'
import { serveSeeded, type SeededServer } from './testing/serve-seeded'
import { emptyTables, generatedMeta } from './testing/reseed'

const engines = await testEngines()
const QUARTER_HOUR = 900_000
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
        fc.uniqueArray(runArb, { selector: (run) => run.uuid, maxLength: 12 }),
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
      { numRuns: Number(process.env.RD_PROPERTY_RUNS ?? (engine === 'sqlite' ? 40 : 15)) },
    )
  })
})
