/**
 * The rows the CMS extension writes (`testing/extension-rows.ts`: denied turns, approvals and
 * inputs at round 0, loop-level errors, a requeued run, a run stored at `full` with U+0000 in its
 * results, damaged rows, a queued and a running run, the catalogue's servers and switches), read
 * by the server on every engine: `/summary` (counted by the database and from the view), the fold
 * of `/runs` and `/tools` give what was worked out by hand from the rows.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseSummaryParams } from '@/domain/api-query'
import {
  runRowsPageSchema,
  runsPageSchema,
  summaryResponseSchema,
  toolsResponseSchema,
  type Run,
} from '@/domain/contract'
import {
  attemptStarts,
  emptyRunsSummary,
  foldRunRows,
  foldServedRows,
  type RunsSummary,
} from '@/domain/runs'
import { createScope, emptySummary, foldRuns, fromAggregate } from '@/domain/summary'
import { startApi, type RunningApi } from './cli/start-api'
import { countSummary } from './testing/database-count'
import { TOOL_GROUP_STATES, TOOL_STATES } from './sql/tables'
import { allPages, askServer } from './testing/ask'
import { createEmptyTables, type EmptyTables } from './testing/empty-tables'
import { testEngines } from './testing/engines'
import {
  EXPECTED_BY_TOOL,
  EXPECTED_OFFERED,
  EXPECTED_REMOTE_HINTS,
  EXPECTED_RUNS,
  EXTENSION_BUILTINS,
  T,
  UUIDS,
  writeExtensionRows,
} from './testing/extension-rows'

const engines = await testEngines()
const DAY = { from: '2026-11-10', to: '2026-11-10', tz: 'UTC', tools: [] }
const RANGE = 'from=2026-11-10T00:00:00Z&to=2026-11-11T00:00:00Z'

/** A summary's counts as plain objects, for comparing with the hand-worked tables. */
const plain = (table: Record<string, Record<string, number>>) =>
  JSON.parse(JSON.stringify(table)) as Record<string, Record<string, number>>

describe.each(engines)('rows as the CMS extension writes them, on %s', (engine) => {
  let tables: EmptyTables
  let api: RunningApi
  let dir: string
  const log: string[] = []
  const ask = (path: string) => askServer(`${api.url}/api/diagnostics/v1`)(path)

  beforeAll(async () => {
    tables = await createEmptyTables(engine)
    await writeExtensionRows(tables.writer)
    dir = mkdtempSync(join(tmpdir(), 'rd-extension-'))
    writeFileSync(join(dir, 'tools.json'), JSON.stringify({ tools: EXTENSION_BUILTINS }))
    api = await startApi(
      {
        database: tables.url,
        port: 0,
        host: '127.0.0.1',
        tools: join(dir, 'tools.json'),
        statementTimeoutMs: 20_000,
        summaryRefreshMs: 0,
      },
      (line) => log.push(line),
    )
  }, 120_000)
  afterAll(async () => {
    await api?.close()
    await tables?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('counts every tool as worked out by hand, in the database and from the view', async () => {
    const params = parseSummaryParams(new URLSearchParams(`${RANGE}&tz=UTC`))
    if (!params.ok) throw new Error(params.message)
    const counted = fromAggregate(
      summaryResponseSchema.parse(await countSummary(tables.reader, params)),
    )
    await api.summaries.catchUp()
    const response = await fetch(`${api.url}/api/diagnostics/v1/summary?${RANGE}&tz=UTC`)
    expect(response.status).toBe(200)
    const cached = fromAggregate(summaryResponseSchema.parse(await response.json()))
    for (const summary of [counted, cached]) {
      expect(plain(summary.byTool)).toEqual(EXPECTED_BY_TOOL)
      expect(summary).toMatchObject(EXPECTED_RUNS)
    }
    expect(log.filter((line) => !line.startsWith('summary view: '))).toEqual([])
  })

  it('serves /runs whose fold counts the same, the denied calls marked, attempts kept apart', async () => {
    const pages = await allPages(ask, `/runs?${RANGE}&limit=3`)
    const runs: Run[] = pages.flatMap((page) => runsPageSchema.parse(page.body).runs)
    expect(runs.map((run) => run.uuid).sort()).toEqual(
      Object.values(UUIDS)
        .filter((uuid) => uuid !== UUIDS.queued)
        .sort(),
    )
    const folded = foldRuns(emptySummary(), runs, createScope(DAY))
    expect(plain(folded.byTool)).toEqual(EXPECTED_BY_TOOL)
    expect(folded).toMatchObject(EXPECTED_RUNS)

    const denied = runs.find((run) => run.uuid === UUIDS.denied)
    expect(denied?.steps.filter((s) => s.toolDenied === true).map((s) => s.toolName)).toEqual([
      'update_page_metadata',
      'get_page_content',
    ])
    const requeued = runs.find((run) => run.uuid === UUIDS.requeued)
    // Its first attempt's claim was stamped over; its creation keeps it on its side of any date.
    expect(requeued?.startedAt).toBe(new Date((T + 1000) * 1000).toISOString())
    expect(requeued?.attempts).toBe(2)
    expect(attemptStarts(requeued?.steps ?? [], requeued?.attempts)).toEqual([0, 2])
    const damaged = runs.find((run) => run.uuid === UUIDS.damaged)
    expect(damaged?.unreadableSteps?.map((s) => [s.kind, s.listed])).toEqual([
      ['tool', false],
      ['tool', false],
      ['approval', true],
    ])
    for (const page of pages) {
      const text = JSON.stringify(page.body)
      expect(text).not.toContain('NEVER-SELECTED')
      expect(text).not.toMatch(/decidedBy|submittedBy|toolResult"|toolArguments/)
    }
  })

  it('gives the runs list the same rows from /run-rows as from the steps of /runs', async () => {
    await api.summaries.catchUp()
    for (const tools of [[], ['update_page_metadata'], ['no_such_tool']]) {
      const query = `${RANGE}${tools.map((tool) => `&tool=${tool}`).join('')}`
      const runs = (await allPages(ask, `/runs?${query}&limit=3`)).flatMap(
        (page) => runsPageSchema.parse(page.body).runs,
      )
      const rows = (await allPages(ask, `/run-rows?${query}&limit=2`)).flatMap((page) => {
        expect(page.status, JSON.stringify(page.body)).toBe(200)
        return runRowsPageSchema.parse(page.body).rows
      })
      const scope = createScope({ ...DAY, tools })
      const sorted = (summary: RunsSummary) =>
        [...summary.rows].sort((a, b) => (a.uuid < b.uuid ? -1 : 1))
      expect(sorted(foldServedRows(emptyRunsSummary(), rows))).toEqual(
        sorted(foldRunRows(emptyRunsSummary(), runs, scope)),
      )
      if (tools.length === 0) expect(rows.length).toBeGreaterThan(3)
    }
  })

  it('says which tools the CMS offers now, by its own rules', async () => {
    const { tools } = toolsResponseSchema.parse((await ask('/tools')).body)
    expect(Object.fromEntries(tools.map((tool) => [tool.name, tool.offered]))).toEqual(
      EXPECTED_OFFERED,
    )
    const text = JSON.stringify(tools)
    expect(text).not.toContain('NEVER-SELECTED')
    expect(text).not.toContain('enabledByDefault')
  })

  it('takes every MCP tool for a write by assumption, and passes on only what its server declares', async () => {
    const { tools } = toolsResponseSchema.parse((await ask('/tools')).body)
    const mcp = tools.filter((tool) => tool.source === 'mcp')
    expect(Object.fromEntries(mcp.map((tool) => [tool.name, tool.remoteHints]))).toEqual(
      EXPECTED_REMOTE_HINTS,
    )
    // The server's claim changes neither the effect nor the approval: the operator's row does.
    for (const tool of mcp) {
      expect(tool).toMatchObject({ effect: 'non_idempotent_write', effectAssumed: true })
      expect(tool.approval, tool.name).toBe(tool.server !== 'wiki')
    }
    for (const tool of tools.filter((tool) => tool.source === 'builtin')) {
      expect(tool.effectAssumed).toBeUndefined()
      expect(tool.remoteHints).toBeUndefined()
    }
    const text = JSON.stringify(tools)
    expect(text).not.toMatch(/title|onerror|xxxx|\\u0000/)
    expect(log.filter((line) => !line.startsWith('summary view: '))).toEqual([])
  })

  it('takes every tool at its default when the switch tables are missing', async () => {
    for (const table of [TOOL_STATES, TOOL_GROUP_STATES])
      await tables.writer.query(`DROP TABLE ${table}`)
    const { tools } = toolsResponseSchema.parse((await ask('/tools')).body)
    expect(tools.filter((tool) => tool.offered).map((tool) => tool.name)).toEqual([
      'get_page_content',
      'get_tca',
      'list_be_users',
    ])
    expect(log.filter((line) => !line.startsWith('summary view: '))).toEqual([])
  })
})
