import { useId } from 'react'
import type { RunListPage } from '@/domain/contract'
import { outcomeParam, parseOutcome, runStatusLabel, type RunListFilters } from '@/domain/runs'
import { compareStrings } from '@/domain/summary/records'

/** What a range's runs hold, whatever the list's own filters: the values those filters offer. */
export type RunListFacets = Pick<RunListPage, 'configurations' | 'statuses' | 'otherCodes'>

export interface RunListControlsProps {
  filters: RunListFilters
  /**
   * The configurations, statuses and other refusal codes of the range's runs: of the loaded
   * rows when folded here, the page's facets when the installation lists the runs.
   */
  facets: RunListFacets
  onChange: (next: RunListFilters) => void
}

const OUTCOMES: ReadonlyArray<[string, string]> = [
  ['refused', 'Has a refused call (any code)'],
  ['refused-arguments', 'Has a call refused for arguments'],
  ['refused-turn', 'Has a call not run (refused: turn)'],
  ['failed', 'Has a failed call'],
  ['denied', 'Has a call denied by an editor'],
  ['clean', 'Clean (no failed, denied or refused call)'],
]

/** The values of the range plus the selected one (an unknown value stays selectable), A→Z. */
function withSelected(values: readonly string[], selected: string | null): string[] {
  const all = new Set(values)
  if (selected !== null) all.add(selected)
  return [...all].sort(compareStrings)
}

/** The runs list's own filters (outcome, configuration, status) as three selects. */
export function RunListControls({ filters, facets, onChange }: RunListControlsProps) {
  const id = useId()
  const current = filters.outcome ? outcomeParam(filters.outcome) : ''
  const outcomes = [...OUTCOMES]
  for (const code of withSelected(facets.otherCodes, null)) {
    outcomes.push([`refused-${code}`, `Has a call refused: ${code}`])
  }
  if (current !== '' && !outcomes.some(([value]) => value === current)) {
    outcomes.push([current, `Has a call refused: ${current.slice('refused-'.length)}`])
  }
  const select = (
    key: 'configuration' | 'status',
    label: string,
    values: string[],
    show: (value: string) => string = (v) => v,
  ) => (
    <label htmlFor={`${id}-${key}`}>
      {label}{' '}
      <select
        id={`${id}-${key}`}
        value={filters[key] ?? ''}
        onChange={(e) =>
          onChange({ ...filters, [key]: e.target.value === '' ? null : e.target.value })
        }
      >
        <option value="">Any</option>
        {values.map((value) => (
          <option key={value} value={value}>
            {show(value.length > 60 ? `${value.slice(0, 59)}…` : value)}
          </option>
        ))}
      </select>
    </label>
  )
  return (
    <div className="run-list-controls" role="group" aria-label="Filter the runs">
      <label htmlFor={`${id}-outcome`}>
        Outcome{' '}
        <select
          id={`${id}-outcome`}
          value={current}
          onChange={(e) => onChange({ ...filters, outcome: parseOutcome(e.target.value) })}
        >
          <option value="">Any</option>
          {outcomes.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      {select(
        'configuration',
        'Configuration',
        withSelected(facets.configurations, filters.configuration),
      )}
      {select('status', 'Status', withSelected(facets.statuses, filters.status), runStatusLabel)}
    </div>
  )
}
