import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react'
import {
  describeApiError,
  installationApi,
  summaryKey,
  toolSummaryRequest,
  useApiConfig,
  useSummaryStore,
  type LoadState,
  type SummaryStore,
} from '@/api'
import type { ListedInstallation } from '@/domain/contract'
import {
  installationRowOf,
  installationsChunks,
  installationsFileName,
  type InstallationRow,
} from '@/domain/csv'
import type { Filters } from '@/domain/filters'
import type { ToolSummary } from '@/domain/summary'
import { downloadChunks } from '@/components/ui/download'
import { formatCount } from '@/components/ui/format-count'
import { NameText } from '@/components/ui/name-text'
import { TableScroll } from '@/components/ui/table-scroll'
import { RateCell } from './rate-cell'

/** The load states of `keys` in the store, one array while none of them changes. */
function useStates(store: SummaryStore, keys: readonly string[]) {
  const last = useRef<(LoadState<ToolSummary> | null)[]>([])
  const snapshot = useCallback(() => {
    const next = keys.map((key) => store.get<ToolSummary>(key))
    const prev = last.current
    if (next.length === prev.length && next.every((state, i) => state === prev[i])) return prev
    last.current = next
    return next
  }, [store, keys])
  return useSyncExternalStore(store.subscribe, snapshot, snapshot)
}

/**
 * The tool report of each installation of a server over many, one row each (A→Z as listed):
 * every installation's own `/summary` for the page's filters, counted as its report counts
 * them. The CSV is offered once every row is counted.
 */
export function InstallationBreakdown(props: {
  list: readonly ListedInstallation[]
  filters: Filters
}) {
  const { list, filters } = props
  const root = useApiConfig()
  const store = useSummaryStore()
  const asked = useMemo(
    () =>
      list.map((entry) => {
        const request = toolSummaryRequest(installationApi(root, entry.name), filters)
        return { entry, request, key: summaryKey(request) }
      }),
    [list, root, filters],
  )
  const keys = useMemo(() => asked.map((one) => one.key), [asked])
  useEffect(() => {
    for (const { key, request } of asked) store.watch(key, request)
    return () => {
      for (const { key } of asked) store.release(key)
    }
  }, [store, asked])
  const states = useStates(store, keys)
  const rows = useMemo(
    () =>
      asked.map(({ entry }, i) => {
        const state = states[i] ?? null
        const row = state?.status === 'done' ? installationRowOf(entry, state.summary) : null
        return { entry, state, row }
      }),
    [asked, states],
  )
  const done = rows.flatMap((one) => (one.row ? [one.row] : []))
  const complete = done.length === rows.length
  const exportCsv = () => {
    downloadChunks(
      installationsFileName(filters.from, filters.to),
      installationsChunks(done, filters),
    )
  }

  return (
    <section className="installation-breakdown" aria-labelledby="by-installation">
      <h2 id="by-installation">By installation</h2>
      <div className="export-actions" role="group" aria-label="Export by installation">
        <button type="button" onClick={exportCsv} disabled={!complete}>
          Export by installation (CSV)
        </button>
        {!complete ? (
          <span className="muted" role="status">
            Counting {formatCount(rows.length - done.length)} of {formatCount(rows.length)}{' '}
            installations…
          </span>
        ) : null}
      </div>
      <TableScroll label="Runs and tool calls of each installation">
        <table className="data-table">
          <caption className="visually-hidden">
            Runs and tool calls of each installation, for the filters above
          </caption>
          <thead>
            <tr>
              <th scope="col">Installation</th>
              <th scope="col">Runs</th>
              <th scope="col">Calls</th>
              <th scope="col">Failed</th>
              <th scope="col">Refused: arguments</th>
              <th scope="col">Refused: turn</th>
              <th scope="col">Refused: other</th>
              <th scope="col">Denied</th>
              <th scope="col">Failure rate</th>
              <th scope="col">Refusal rate</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ entry, state, row }) => (
              <tr key={entry.name}>
                <th scope="row">
                  <NameText name={entry.name} />
                  {entry.installation !== entry.name ? (
                    <span className="muted"> {entry.installation}</span>
                  ) : null}
                </th>
                {row ? <Cells row={row} /> : <Pending state={state} />}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  )
}

function Cells({ row }: { row: InstallationRow }) {
  return (
    <>
      <td className="num">{formatCount(row.runs)}</td>
      <td className="num">{formatCount(row.calls)}</td>
      <td className="num">{formatCount(row.failed)}</td>
      <td className="num">{formatCount(row.refusedArguments)}</td>
      <td className="num">{formatCount(row.refusedTurn)}</td>
      <td className="num">{formatCount(row.refusedOther)}</td>
      <td className="num">{formatCount(row.denied)}</td>
      <td className="num">
        <RateCell events={row.failed} n={row.calls} smallSample={row.smallSample} />
      </td>
      <td className="num">
        <RateCell events={row.refused} n={row.calls} smallSample={row.smallSample} />
      </td>
    </>
  )
}

function Pending({ state }: { state: LoadState<ToolSummary> | null }) {
  const failed = state?.status === 'error' || state?.status === 'cancelled'
  return (
    <td colSpan={9} className={failed ? 'installation-breakdown__failed' : 'muted'}>
      {failed
        ? `Not counted: ${state.status === 'error' ? describeApiError(state.error) : 'cancelled'}`
        : 'Counting…'}
    </td>
  )
}
