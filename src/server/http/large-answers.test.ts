/**
 * Runs with their steps are made a few at a time: a request that finds every place taken
 * longer than the wait is answered 503 with Retry-After and one sentence, and the quick
 * questions of a page are answered meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appendRuns } from '../seed/seed-installation'
import { createEmptyTables, type EmptyTables } from '../testing/empty-tables'
import { toRun } from '../testing/generated-runs'
import { SummaryView } from '../view/summary-view'
import { AnswerGate } from './answer-gate'
import { createApiHandler } from './api-handler'
import { listen, type Listening } from './listen'

const RUN = '00000000-0000-4000-8000-000000000001'

describe('large answers, all places taken', () => {
  let tables: EmptyTables
  let listening: Listening
  const gate = new AnswerGate(1, 50)
  let release: () => void = () => undefined
  const logged: string[] = []

  beforeAll(async () => {
    tables = await createEmptyTables('sqlite')
    await appendRuns(tables.writer, [
      toRun({
        uuid: RUN,
        status: 'completed',
        startOffset: 0,
        gaps: [],
        requeued: 0,
        level: 'metadata',
        steps: [{ kind: 'tool', toolName: 'get_tca', toolIsError: false, toolRefusal: undefined }],
      }),
    ])
    const summaries = new SummaryView(tables.reader, { refreshMs: 0 })
    const handle = createApiHandler({
      db: tables.reader,
      settings: {
        installation: 'x',
        privacyLevel: 'metadata',
        retentionDays: null,
        argumentCheckSince: null,
      },
      builtinTools: [],
      tokens: null,
      log: (line) => logged.push(line),
      summaries,
      largeAnswers: gate,
    })
    listening = await listen({ handle, host: '127.0.0.1', port: 0 })
    // The one place, taken by an answer that ends when the test lets it.
    void gate.run(
      () => false,
      () => new Promise<void>((resolve) => (release = resolve)),
    )
  })
  afterAll(async () => {
    release()
    await listening?.close()
    await tables?.close()
  })

  it.each(['/runs?limit=5', `/runs/${RUN}`])(
    'answers %s 503 with Retry-After once the wait is over',
    async (path) => {
      const answer = await fetch(`${listening.url}/api/diagnostics/v1${path}`)
      expect(answer.status).toBe(503)
      expect(answer.headers.get('retry-after')).toBe('5')
      expect(await answer.json()).toEqual({
        error: 'unavailable',
        message:
          'The server is sending as many runs with their steps as it can at once; try again shortly.',
      })
      expect(logged.at(-1)).toMatch(/places for large answers stayed taken for 50 ms/)
    },
  )

  it('answers /meta and /tools meanwhile', async () => {
    for (const path of ['/meta', '/tools']) {
      expect((await fetch(`${listening.url}/api/diagnostics/v1${path}`)).status).toBe(200)
    }
  })
})
