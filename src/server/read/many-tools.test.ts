/**
 * A query may name up to 1000 tools (the contract's `maxItems`); each engine answers it, and
 * more is a `400` that says so — not `too many SQL variables` (SQLite's 500) or a `503` no retry
 * can fix (PostgreSQL). The mock parses the same way (`domain/api-query`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInstallation } from '@/mocks/installation'
import { askServer } from '../testing/ask'
import { testEngines } from '../testing/engines'
import { serveSeeded, type SeededServer } from '../testing/serve-seeded'

const engines = await testEngines()
const tools = (n: number) =>
  Array.from({ length: n }, (_, i) => `tool=${encodeURIComponent(`mcp_tool_${i}`)}`).join('&')
const RANGE = 'from=2026-01-01T00:00:00Z&to=2027-01-01T00:00:00Z'

describe.each(engines)('many tools on %s', (engine) => {
  let served: SeededServer
  let ask: ReturnType<typeof askServer>
  beforeAll(async () => {
    served = await serveSeeded(engine, createInstallation({ scale: 0.2 }))
    ask = askServer(served.base)
  }, 180_000)
  afterAll(() => served?.stop())

  it('answers a thousand tools, and refuses more with the contract’s 400', async () => {
    for (const path of ['/runs?limit=5', `/summary?tz=UTC&${RANGE}`]) {
      const many = await ask(
        `${path}&${tools(1000)}&tool=update_page_metadata`.replace('&tool=mcp_tool_999', ''),
      )
      expect(many.status, path).toBe(200)
      const tooMany = await ask(`${path}&${tools(1001)}`)
      expect(tooMany.status, path).toBe(400)
      expect(tooMany.body).toMatchObject({
        error: 'bad_request',
        message: expect.stringMatching(/At most 1000/),
      })
    }
  })
})
