import { useId } from 'react'
import { describeRangeProblem, type Filters, type Preset } from '@/domain/filters'
import { DateField } from './date-field'
import { ToolPicker, type ToolOption } from './tool-picker'
import { ZonePicker } from './zone-picker'

export interface FilterBarProps {
  filters: Filters
  /** Applies a change; the page writes it to the URL. */
  onChange: (change: Partial<Filters>) => void
  tools: ReadonlyArray<ToolOption>
  /** One line per URL parameter that was ignored, as the filter parser worded it. */
  ignored: ReadonlyArray<string>
  browserZone: string
  /** Where the data ends when the range reaches later ("data until 28 Nov 2026"); else none. */
  dataEnd?: string | null
}

const PRESET_LABELS: ReadonlyArray<{ preset: Exclude<Preset, 'custom'>; label: string }> = [
  { preset: '7d', label: 'Last 7 days' },
  { preset: '30d', label: 'Last 30 days' },
  { preset: '90d', label: 'Last 90 days' },
  { preset: 'all', label: 'All recorded' },
]

/** Date range (presets or custom days), time zone and tools: the filters every page shares. */
export function FilterBar(props: FilterBarProps) {
  const { filters, onChange, tools, ignored, browserZone, dataEnd = null } = props
  const fromId = useId()
  const toId = useId()
  return (
    <section className="filter-bar" aria-label="Filters">
      <div className="filter-bar__row">
        <div className="presets" role="group" aria-label="Date range presets">
          {PRESET_LABELS.map(({ preset, label }) => (
            <button
              key={preset}
              type="button"
              aria-pressed={filters.preset === preset}
              onClick={() => onChange({ preset })}
            >
              {label}
            </button>
          ))}
        </div>
        {/* The field's problem sits beside it, outside the label, so it is not the field's name. */}
        <div className="date-field">
          <label htmlFor={fromId}>From</label>{' '}
          <DateField
            id={fromId}
            value={filters.from}
            max={filters.to}
            problemOf={(from) => describeRangeProblem(from, filters.to, 'from')}
            onCommit={(from) => onChange({ from, preset: 'custom' })}
          />
        </div>
        <div className="date-field">
          <label htmlFor={toId}>To</label>{' '}
          <DateField
            id={toId}
            value={filters.to}
            min={filters.from}
            problemOf={(to) => describeRangeProblem(filters.from, to, 'to')}
            onCommit={(to) => onChange({ to, preset: 'custom' })}
          />
          {dataEnd !== null ? (
            <span className="filter-bar__data-end" role="note">
              ({dataEnd})
            </span>
          ) : null}
        </div>
        <ZonePicker
          zone={filters.tz}
          browserZone={browserZone}
          onChange={(tz) => onChange({ tz })}
        />
        <ToolPicker
          options={tools}
          selected={filters.tools}
          onChange={(next) => onChange({ tools: next })}
        />
      </div>
      {ignored.length > 0 ? (
        <ul className="filter-bar__ignored" role="status" aria-label="Parts of the link not used">
          {ignored.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
