/**
 * Instants past the CMS's 32-bit time columns (before 1901-12-13T20:45:52Z, from
 * 2038-01-19T03:14:08Z) are answered as any other: nothing out of a column's range is bound
 * (PostgreSQL refused it with a 500). Every engine.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeCursor } from '@/domain/api-query'
import { createInstallation } from '@/mocks/installation'
import { askServer } from '../testing/ask'
import { testEngines } from '../testing/engines'
import { serveSeeded, type SeededServer } from '../testing/serve-seeded'

const engines = await testEngines()
const installation = createInstallation({ scale: 0.2 })

const total = (body: unknown) => (body as { totalRuns?: number }).totalRuns
const uuids = (body: unknown) => (body as { runs: { uuid: string }[] }).runs.map((r) => r.uuid)

describe.each(engines)('far instants on %s', (engine) => {
  let served: SeededServer
  let ask: ReturnType<typeof askServer>
  beforeAll(async () => {
    served = await serveSeeded(engine, installation)
    ask = askServer(served.base)
  }, 180_000)
  afterAll(() => served?.stop())

  it('lists runs in ranges reaching past the columns, as a range inside them', async () => {
    const inside = await ask('/runs?from=1970-01-01T00:00:00Z&to=2038-01-19T03:14:07Z&limit=5')
    expect(inside.status).toBe(200)
    for (const [from, to] of [
      ['1901-12-13T20:45:51Z', '2038-01-19T03:14:08Z'],
      ['0001-01-01T00:00:00Z', '9999-12-31T00:00:00Z'],
    ]) {
      const far = await ask(`/runs?from=${from}&to=${to}&limit=5`)
      expect(far.status, `${from} – ${to}`).toBe(200)
      expect(total(far.body)).toBe(total(inside.body))
      expect(uuids(far.body)).toEqual(uuids(inside.body))
    }
    const after = await ask('/runs?from=2038-01-19T03:14:08Z&to=9999-01-01T00:00:00Z')
    expect(after.status).toBe(200)
    expect(total(after.body)).toBe(0)
  })

  it('counts a summary over ten thousand years as the years its data has', async () => {
    const summary = async (from: string, to: string) => {
      const answer = await ask(`/summary?from=${from}&to=${to}&tz=UTC`)
      expect(answer.status, `${from} – ${to}`).toBe(200)
      // Everything but the bounds it echoes.
      return { ...(answer.body as { rows: unknown[] }), from: null, to: null }
    }
    const inside = await summary('1970-01-01T00:00:00Z', '2038-01-19T03:00:00Z')
    expect(inside.rows.length).toBeGreaterThan(0)
    expect(await summary('0001-01-01T00:00:00Z', '9999-12-31T00:00:00Z')).toEqual(inside)
    expect(await summary('0500-01-01T00:00:00Z', '2038-01-19T03:00:00Z')).toEqual(inside)
  })

  it('pages from a cursor past the columns', async () => {
    const first = await ask('/runs?limit=5')
    for (const startedAt of ['2100-01-01T00:00:00.000Z', '1800-01-01T00:00:00.000Z']) {
      const cursor = encodeURIComponent(encodeCursor({ startedAt, uuid: 'x' }))
      const page = await ask(`/runs?limit=5&cursor=${cursor}`)
      expect(page.status, startedAt).toBe(200)
      expect(uuids(page.body)).toEqual(startedAt.startsWith('2100') ? uuids(first.body) : [])
    }
  })
})
