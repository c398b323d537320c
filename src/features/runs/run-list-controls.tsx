import { useId } from 'react'
import {
  outcomeParam,
  parseOutcome,
  runStatusLabel,
  type RunListFilters,
  type RunRow,
} from '@/domain/runs'
import { compareStrings } from '@/domain/summary/records'

export interface RunListControlsProps {
  filters: RunListFilters
  /** The loaded rows, for the configurations, statuses and refusal codes to offer. */
  rows: readonly RunRow[]
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

/** The values seen in the rows plus the selected one (an unknown value stays selectable). */
function valuesOf(rows: readonly RunRow[], pick: (row: RunRow) => string, selected: string | null) {
  const values = new Set<string>()
  for (const row of rows) values.add(pick(row))
  if (selected !== null) values.add(selected)
  return [...values].sort(compareStrings)
}

/** The runs list's own filters (outcome, configuration, status) as three selects. */
export function RunListControls({ filters, rows, onChange }: RunListControlsProps) {
  const id = useId()
  const codes = new Set<string>()
  for (const row of rows) for (const code of Object.keys(row.otherCodes ?? {})) codes.add(code)
  const current = filters.outcome ? outcomeParam(filters.outcome) : ''
  const outcomes = [...OUTCOMES]
  for (const code of [...codes].sort(compareStrings)) {
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
        valuesOf(rows, (r) => r.configuration, filters.configuration),
      )}
      {select(
        'status',
        'Status',
        valuesOf(rows, (r) => r.status, filters.status),
        runStatusLabel,
      )}
    </div>
  )
}
