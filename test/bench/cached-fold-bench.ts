/**
 * `npm run bench -- cached-fold`: the server's `/summary` from its view (`foldView`), without
 * a database — what a repeated answer costs the server at a busy installation's scale. Synthetic
 * groups shaped as the 10 M-step seed's: 400,000 runs over a year, nine groups each (two message
 * kinds, seven tool calls over 50 tools, refusals and failures among them), 3.6 M groups.
 */
import { parseSummaryParams } from '@/domain/api-query'
import { foldView } from '@/server/view/fold-view'
import { RunStatusIndexer } from '@/server/view/run-status-index'
import { RunStatuses } from '@/server/view/run-statuses'
import { GroupIds, StepStore, type StepGroup } from '@/server/view/step-store'
import type { BenchRow } from './harness'

const RUNS = 400_000
const DAY_S = 86_400
const END_S = Date.UTC(2026, 10, 29) / 1000

function seededStore(): { ids: GroupIds; store: StepStore; statuses: RunStatuses } {
  const ids = new GroupIds()
  const store = new StepStore(ids)
  const statuses = new RunStatuses()
  const tools = Array.from({ length: 50 }, (_, i) => JSON.stringify(`tool_${i}`))
  let groups: StepGroup[] = []
  for (let run = 1; run <= RUNS; run += 1) {
    const at = END_S - 365 * DAY_S + Math.floor((run * 365 * DAY_S) / RUNS)
    statuses.put(run, run % 10 === 0 ? 'failed' : 'completed')
    for (let g = 0; g < 9; g += 1) {
      const tool = g >= 2
      groups.push({
        bucket: Math.floor(at / 900) + (g === 8 ? 1 : 0),
        run,
        kind: tool ? 'tool' : 'message',
        tool: tool ? (tools[(run + g) % tools.length] ?? null) : null,
        refusal: tool && g === 5 && run % 3 === 0 ? '"arguments"' : null,
        isError: tool ? (g === 6 ? 'true' : 'false') : null,
        openedBy: tool && g === 6 && run % 50 === 0 ? 'false' : null,
        steps: 1 + (run % 3),
        rounds: 1 << g,
      })
    }
    if (groups.length >= 90_000) {
      store.add(groups)
      groups = []
    }
  }
  store.add(groups)
  statuses.version += 1
  return { ids, store, statuses }
}

export async function run(): Promise<BenchRow[]> {
  const { ids, store, statuses } = seededStore()
  const index = new RunStatusIndexer(ids, statuses)
  const rows: BenchRow[] = [
    { bench: 'cached fold', figure: 'groups', value: store.size, unit: 'groups', met: null },
  ]
  for (const days of [90, 365]) {
    for (const tz of ['UTC', 'Asia/Kolkata']) {
      const offset = tz === 'UTC' ? 0 : 5.5 * 3600
      const to = END_S - offset
      const query = parseSummaryParams(
        new URLSearchParams({
          from: new Date((to - days * DAY_S) * 1000).toISOString(),
          to: new Date(to * 1000).toISOString(),
          tz,
        }),
      )
      if (!query.ok) throw new Error('the bench query is valid')
      const times: number[] = []
      for (let run = 0; run < 7; run += 1) {
        const started = performance.now()
        await foldView(query, [store], ids, index.index())
        times.push(performance.now() - started)
      }
      const ms = times.sort((a, b) => a - b)[3] ?? Number.NaN
      rows.push({
        bench: 'cached fold',
        figure: `${days} d ${tz}, median of 7`,
        value: ms,
        unit: 'ms',
        met: null,
      })
    }
  }
  return rows
}
