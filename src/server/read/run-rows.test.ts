/**
 * `/run-rows` and `/run-list` on rows a step reader does not list (decision 0026): a run's rounds are those of
 * the steps `/runs` lists, so a round holding only an unreadable tool step (an empty name too), a `tool_write` row, a
 * step with a negative duration or an empty kind does not count. Compared with the fold of the
 * run as `/runs` serves it, on every engine; and `/summary` and `/effect` of the same rows too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  effectResponseSchema,
  runListPageSchema,
  runRowsPageSchema,
  runsPageSchema,
  summaryResponseSchema,
} from '@/domain/contract'
import { emptyRunsSummary, foldRunRows, foldServedRows, runRowFromItem } from '@/domain/runs'
import { createScope, emptySummary, foldRuns, fromAggregate } from '@/domain/summary'
import {
  createEffectScope,
  effectFromWire,
  emptyEffectSummary,
  foldEffect,
  windowsBetween,
} from '@/domain/effect'
import { startApi, type RunningApi } from '../cli/start-api'
import { askServer } from '../testing/ask'
import { createEmptyTables, type EmptyTables } from '../testing/empty-tables'
import { testEngines } from '../testing/engines'
import { run, T, writeRawRuns, type RawEvent } from '../testing/extension-rows'
import { RUNS } from '../sql/tables'

const engines = await testEngines()
const RANGE = 'from=2026-11-10T00:00:00Z&to=2026-11-11T00:00:00Z'
const UUID = '7d0e2a8c-31f4-4c55-9d0b-8c2a4f1e6b01'

const event = (kind: string, round: number, at: number, payload: string, ms = 1): RawEvent => ({
  kind,
  round,
  duration_ms: ms,
  payload,
  crdate: T + at,
})

const ROWS: RawEvent[] = [
  event('llm', 1, 1, '{"kind":"llm","round":1}'),
  event('tool', 1, 2, '{"kind":"tool","toolName":"search_records","toolIsError":false}'),
  // Each round below holds only a step that is not listed.
  event('tool', 2, 3, '{"kind":"tool","toolName":"search_records","toolIsError":"yes"}'),
  event('tool', 3, 4, 'not json at all'),
  event('tool_write', 4, 5, '{"toolName":"search_records","writeTargetTable":"pages"}'),
  event('llm', 5, 6, '{"kind":"llm"}', -1),
  event('', 6, 7, '{}'),
  event('tool', 7, 8, '{"kind":"tool","toolName":"","toolIsError":false}'),
  // Listed: a step of an unknown kind, and one whose payload is not an object.
  event('thinking', 8, 9, '{"kind":"thinking"}'),
  event('llm', 9, 10, '[1,2]'),
]

describe.each(engines)('the rounds of /run-rows on %s', (engine) => {
  let tables: EmptyTables
  let api: RunningApi
  const ask = (path: string) => askServer(`${api.url}/api/diagnostics/v1`)(path)

  beforeAll(async () => {
    tables = await createEmptyTables(engine)
    await writeRawRuns(tables.writer, [run(UUID, {}, ROWS)])
    api = await startApi(
      {
        database: tables.url,
        port: 0,
        host: '127.0.0.1',
        statementTimeoutMs: 20_000,
        summaryRefreshMs: 0,
      },
      () => undefined,
    )
    await api.summaries.catchUp()
  }, 120_000)
  afterAll(async () => {
    await api?.close()
    await tables?.close()
  })

  it('counts the rounds of the steps /runs lists', async () => {
    const listed = runsPageSchema.parse((await ask(`/runs?${RANGE}`)).body).runs
    const served = runRowsPageSchema.parse((await ask(`/run-rows?${RANGE}`)).body).rows
    const scope = createScope({ from: '2026-11-10', to: '2026-11-10', tz: 'UTC', tools: [] })
    const expected = foldRunRows(emptyRunsSummary(), listed, scope).rows
    expect(foldServedRows(emptyRunsSummary(), served).rows).toEqual(expected)
    expect(expected.map((row) => [row.uuid, row.rounds, row.toolCalls])).toEqual([[UUID, 3, 1]])
    const list = runListPageSchema.parse((await ask(`/run-list?${RANGE}&sort=rounds`)).body)
    expect(list.rows.map(runRowFromItem)).toEqual(expected)
  })
  it('lists a run as its row says after the CMS changes it (configuration, end, status)', async () => {
    const list = async () =>
      runListPageSchema.parse((await ask(`/run-list?${RANGE}&sort=configuration`)).body).rows
    const [before] = await list()
    await tables.writer.query(
      `UPDATE ${RUNS} SET configuration_identifier = ?, finished_at = ?, status = ?, tstamp = tstamp + 100 WHERE uuid = ?`,
      ['=changed', T + 3600, 'completed', UUID],
    )
    await api.summaries.catchUp()
    const [after] = await list()
    expect(after).toEqual({
      ...before,
      configuration: '=changed',
      status: 'completed',
      finishedAt: new Date((T + 3600) * 1000).toISOString(),
    })
  })
  it.each([[[]], [['search_records']]])(
    'counts /summary as the fold of /runs, an empty name unreadable (tools %j)',
    async (tools: string[]) => {
      const query = `${RANGE}${tools.map((tool) => `&tool=${encodeURIComponent(tool)}`).join('')}`
      const listed = runsPageSchema.parse((await ask(`/runs?${query}`)).body).runs
      const answer = await ask(`/summary?${query}&tz=UTC`)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      const scope = createScope({ from: '2026-11-10', to: '2026-11-10', tz: 'UTC', tools })
      expect(fromAggregate(summaryResponseSchema.parse(answer.body))).toEqual(
        foldRuns(emptySummary(), listed, scope),
      )
    },
  )
  it.each([
    ['whole quarter hours', -3_600_000, -1_800_000, 3_600_000, []],
    ['a decision inside a quarter hour', -3_600_000, 5_500, 3_600_000, []],
    ['whole quarter hours, one tool', -3_600_000, -1_800_000, 3_600_000, ['search_records']],
  ])(
    'counts /effect as the fold of /runs over %s',
    async (_, fromMs: number, decisionMs: number, toMs: number, tools: string[]) => {
      const [from, decision, to] = [fromMs, decisionMs, toMs].map((ms) => T * 1000 + ms) as [
        number,
        number,
        number,
      ]
      const scope = createEffectScope(windowsBetween(from, decision, to), tools, [])
      const named = tools.map((tool) => `&tool=${encodeURIComponent(tool)}`).join('')
      const iso = (ms: number) => new Date(ms).toISOString()
      const range = `from=${iso(from)}&to=${iso(to)}${named}`
      const listed = runsPageSchema.parse((await ask(`/runs?${range}`)).body).runs
      const answer = await ask(
        `/effect?from=${iso(from)}&decision=${iso(decision)}&to=${iso(to)}${named}`,
      )
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      const expected = foldEffect(emptyEffectSummary(), listed, scope)
      expect(effectFromWire(effectResponseSchema.parse(answer.body))).toEqual(expected)
      const unreadable = expected.before.unreadableToolSteps + expected.after.unreadableToolSteps
      expect(unreadable, 'the unreadable calls are counted').toBe(tools.length > 0 ? 2 : 3)
    },
  )
})
