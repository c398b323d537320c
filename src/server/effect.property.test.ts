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
import { toRun } from './testing/generated-runs'
import {
  aroundItsStart,
  CATALOGUE,
  effectRunArb,
  straddlingRun,
  twiceRun,
  windowArb,
  windowInstants,
} from './testing/effect-arbs'
import { testEngines } from './testing/engines'
import { serveSeeded, type SeededServer } from './testing/serve-seeded'
import { emptyTables, generatedMeta } from './testing/reseed'

const engines = await testEngines()
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
          for (const w of windows) {
            const [from, decision, to] = windowInstants(w, specs)
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
