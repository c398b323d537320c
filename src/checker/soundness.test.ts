import Ajv2020 from 'ajv/dist/2020'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkArguments, type MismatchKind } from '.'
import { schemaArb, toDraft2020 } from './test-support/schema-arbitraries'
import { sampleValue, seeded } from './test-support/value-samples'

// `RD_SOUNDNESS_SCHEMAS` sizes the run (a few seconds at the default); the floors below scale.
const SCHEMAS = Number(process.env.RD_SOUNDNESS_SCHEMAS ?? 2_000)
const VALUES_PER_SCHEMA = 6

describe('soundness against Ajv (draft 2020-12)', () => {
  it('never refuses a value Ajv accepts', { timeout: 120_000 }, () => {
    const ajv = new Ajv2020({
      strict: false,
      allErrors: false,
      logger: false,
      // Only compile time: the generated code is not optimised, its verdicts are the same.
      code: { optimize: false },
    })
    let pairs = 0
    let compileMs = 0
    let skipped = 0
    let refused = 0
    const byKind = new Map<MismatchKind, number>()
    // Values are drawn from a seed by plain code aimed at the schema (see sampleValue).
    const pair = fc
      .tuple(schemaArb(3), fc.integer())
      .map(([schema, seed]): [unknown, unknown[]] => {
        const random = seeded(seed)
        return [
          schema,
          Array.from({ length: VALUES_PER_SCHEMA }, () => sampleValue(schema, random)),
        ]
      })
    fc.assert(
      fc.property(pair, ([schema, values]) => {
        pairs += values.length
        let validate: ((value: unknown) => boolean) | null = null
        const t0 = performance.now()
        try {
          validate = ajv.compile(toDraft2020(schema) as object | boolean)
        } catch {
          // Schemas Ajv cannot compile have no oracle; they are counted and must stay rare.
          skipped += values.length
          return true
        }
        compileMs += performance.now() - t0
        for (const value of values) {
          const found = checkArguments(schema, value)
          expect(found.length).toBeLessThanOrEqual(10)
          if (found.length === 0) continue
          let accepted: boolean
          try {
            accepted = validate(value)
          } catch {
            // Ajv's own code can fail on a value (a TypeError inside the validator it generated
            // for some if/then schemas): no oracle for that value either.
            skipped += 1
            continue
          }
          refused += 1
          for (const m of found) byKind.set(m.kind, (byKind.get(m.kind) ?? 0) + 1)
          if (accepted) return false
        }
        return true
      }),
      { numRuns: SCHEMAS },
    )
    const judged = pairs - skipped
    console.info(
      `soundness: Ajv compiling ${Math.round(compileMs)} ms, ${pairs} pairs, ${skipped} skipped, ${refused} refused (${((refused / judged) * 100).toFixed(1)} % of judged)`,
      Object.fromEntries(byKind),
    )
    expect(judged).toBeGreaterThanOrEqual(SCHEMAS * 5)
    expect(skipped / pairs).toBeLessThan(0.1)
    // A property that refuses almost nothing proves almost nothing.
    expect(refused / judged).toBeGreaterThan(0.15)
    for (const kind of ['missing', 'null', 'kind', 'enum', 'additional'] as const) {
      expect(byKind.get(kind) ?? 0).toBeGreaterThan(SCHEMAS / 40)
    }
  })
})
