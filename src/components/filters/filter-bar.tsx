import type { Filters, Preset } from '../../domain/filters'
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
}

const PRESET_LABELS: ReadonlyArray<{ preset: Exclude<Preset, 'custom'>; label: string }> = [
  { preset: '7d', label: 'Last 7 days' },
  { preset: '30d', label: 'Last 30 days' },
  { preset: '90d', label: 'Last 90 days' },
  { preset: 'all', label: 'All recorded' },
]

/** Date range (presets or custom days), time zone and tools: the filters every page shares. */
export function FilterBar({ filters, onChange, tools, ignored, browserZone }: FilterBarProps) {
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
        <label>
          From{' '}
          <DateField
            value={filters.from}
            max={filters.to}
            onCommit={(from) => onChange({ from, preset: 'custom' })}
          />
        </label>
        <label>
          To{' '}
          <DateField
            value={filters.to}
            min={filters.from}
            onCommit={(to) => onChange({ to, preset: 'custom' })}
          />
        </label>
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
        <ul className="filter-bar__ignored" role="status" aria-label="Ignored link parameters">
          {ignored.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </section>
  )
}
