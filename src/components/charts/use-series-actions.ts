import { useNavigate } from '@tanstack/react-router'
import { useCallback, useMemo } from 'react'
import type { Filters } from '@/domain/filters'
import { bucketRunsSearch, SERIES_RUNS_OUTCOME } from '@/domain/links'
import type { SeriesPoint } from '@/domain/summary'
import type { OutcomeSeriesKey } from './outcome-colors'

/**
 * What the outcome series chart's gestures do, for every page that draws it: a click on a
 * segment opens the runs of that bucket and outcome under `filters`; a brush selection sets the
 * range through `onFiltersChange`, as the date fields would (none without it).
 */
export function useSeriesActions(
  filters: Filters,
  onFiltersChange?: (change: Partial<Filters>) => void,
) {
  const navigate = useNavigate()
  const openBucketRuns = useCallback(
    (point: SeriesPoint, key: OutcomeSeriesKey) =>
      void navigate({
        to: '/runs',
        search: bucketRunsSearch(filters, point, SERIES_RUNS_OUTCOME[key]),
      }),
    [navigate, filters],
  )
  const onRangeSelect = useMemo(
    () =>
      onFiltersChange
        ? (first: SeriesPoint, last: SeriesPoint) =>
            onFiltersChange({ from: first.first, to: last.last, preset: 'custom' })
        : undefined,
    [onFiltersChange],
  )
  return { openBucketRuns, onRangeSelect }
}
