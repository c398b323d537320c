import { useMemo } from 'react'

export interface ZonePickerProps {
  zone: string
  browserZone: string
  onChange: (zone: string) => void
}

function allZones(): string[] {
  // supportedValuesOf is in every browser we target; a fallback keeps old engines usable.
  const supported =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return supported
}

/** The zone the days are read in: always visible, UTC one click away. */
export function ZonePicker({ zone, browserZone, onChange }: ZonePickerProps) {
  const zones = useMemo(() => {
    const set = new Set([...allZones(), 'UTC', browserZone, zone])
    return [...set].sort()
  }, [browserZone, zone])
  return (
    <div className="zone-picker">
      <label>
        Time zone{' '}
        <select value={zone} onChange={(e) => onChange(e.target.value)}>
          {zones.map((z) => (
            <option key={z} value={z}>
              {z === browserZone ? `${z} (this browser)` : z}
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={() => onChange('UTC')} disabled={zone === 'UTC'}>
        Use UTC
      </button>
    </div>
  )
}
