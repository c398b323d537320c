import { useNavigate, useParams, useSearch } from '@tanstack/react-router'
import { useCallback, useMemo, useState } from 'react'
import {
  HttpError,
  MAX_RETRIES,
  UnsendableError,
  describeApiError,
  isNotImplemented,
  retryDelay,
  useRun,
} from '@/api'
import { ErrorState, LoadingState } from '@/components/ui/states'
import {
  DEFAULT_REFRESH_S,
  RunNotFound,
  RunRefresh,
  RunTimeline,
  useEscapeKey,
  type RefreshChoice,
} from '@/features/run-timeline'
import { Link } from '@tanstack/react-router'
import { decisionDate, parseEffectParams } from '@/domain/effect'
import { useDashboardFilters } from '../use-dashboard-filters'
import { RunLoadingTitle } from './run-loading-title'

/** While the run loads: and when a try failed and another follows, why and how long it waits. */
function loadingLabel(failures: number, reason: unknown): string {
  if (failures === 0) return 'Loading the run'
  const wait = retryDelay(failures - 1, reason)
  const why =
    reason instanceof HttpError && reason.retryAfterMs !== null
      ? `The server asked us to wait (HTTP ${reason.status})`
      : `${describeApiError(reason).replace(/\.$/, '')}; trying again`
  const tries = MAX_RETRIES + 1
  return `${why}: try ${failures + 1} of ${tries} in ${Math.max(1, Math.ceil(wait / 1000))} s`
}

/**
 * `/runs/:uuid`: one run's timeline. The search is the list's (it came with the link), so the
 * zone is the list's and Esc or "Back" return to the same list.
 */
export function RunPage() {
  const { uuid } = useParams({ from: '/runs/$uuid' })
  const search = useSearch({ strict: false }) as Record<string, string | string[]>
  const navigate = useNavigate()
  const { meta, zone } = useDashboardFilters()
  // Off on every visit, and not in the URL: a shared or bookmarked link never starts polling
  // someone's API, and turning it on or off is no step for Back to undo.
  const [refresh, setRefresh] = useState<RefreshChoice>({ on: false, everyS: DEFAULT_REFRESH_S })
  const run = useRun(uuid, { refreshMs: refresh.on ? refresh.everyS * 1000 : null })
  // A refresh that failed keeps the run last answered: the page says so beside the toggle.
  const failedRefresh = run.isError && run.data !== undefined
  // The list focuses this run's link again (`visitedRun`, see features/runs/run-return.tsx).
  const back = useCallback(
    () => void navigate({ to: '/runs', search, state: { visitedRun: uuid } }),
    [navigate, search, uuid],
  )
  // Esc goes back to the list from every state of the page: loaded, loading, failed, not found.
  useEscapeKey(back)
  // The decision date as the overview reads it: `since=` in the link, else /meta.
  const decision = useMemo(
    () =>
      decisionDate({
        sinceMs: parseEffectParams(search, zone).sinceMs,
        argumentCheckSince: meta.data?.argumentCheckSince ?? null,
        firstRefusalMs: null,
      }),
    [search, zone, meta.data],
  )

  if (run.isError && !failedRefresh && run.error instanceof HttpError && run.error.status === 404) {
    return (
      <RunNotFound
        uuid={uuid}
        retentionDays={meta.data ? meta.data.retentionDays : undefined}
        backSearch={search}
      />
    )
  }
  return (
    <section aria-labelledby={run.data ? 'run-title' : 'run-loading-title'}>
      <p className="run-page__back">
        <Link to="/runs" search={search} state={{ visitedRun: uuid }}>
          ← Back to the runs list
        </Link>
      </p>
      {run.data ? null : <RunLoadingTitle uuid={uuid} />}
      {run.isPending ? (
        <LoadingState label={loadingLabel(run.failureCount, run.failureReason)} />
      ) : null}
      {run.isError && !failedRefresh ? (
        <ErrorState
          title="The run could not be loaded"
          message={describeApiError(run.error)}
          onRetry={
            run.error instanceof UnsendableError || isNotImplemented(run.error)
              ? undefined
              : () => void run.refetch()
          }
        />
      ) : null}
      {meta.isError ? (
        <ErrorState
          title="The installation could not be read"
          message={describeApiError(meta.error)}
          onRetry={() => void meta.refetch()}
        />
      ) : null}
      {run.data ? (
        <RunRefresh
          run={run.data}
          choice={refresh}
          onChange={setRefresh}
          updatedAt={run.dataUpdatedAt}
          fetching={run.isFetching}
          error={failedRefresh ? run.error : null}
          zone={zone}
        />
      ) : null}
      {run.data ? (
        <RunTimeline
          run={run.data}
          meta={{
            argumentCheckSince: decision ? new Date(decision.ms).toISOString() : null,
            decisionFromLink: decision?.source === 'url',
            privacyLevel: meta.data?.privacyLevel ?? null,
          }}
          zone={zone}
          onReload={() => void run.refetch()}
        />
      ) : null}
    </section>
  )
}
