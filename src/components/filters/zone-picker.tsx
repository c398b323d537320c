import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { formatCount } from '../ui/format-count'
import { utcOffsetLabel } from '@/domain/time/utc-offset-label'
import { currentZoneName, listedZoneNames } from '@/domain/time/zone-names'
import { searchZones } from '@/domain/time/zone-search'
import { useZoneOffsets } from './use-zone-offsets'
import { NameText } from '../ui/name-text'
import './zone-picker.css'

export interface ZonePickerProps {
  /** The zone the page reads days in; a legacy name is shown by its current name. */
  zone: string
  /** The zone Intl reports for this browser, maybe by a legacy name (`Asia/Calcutta`). */
  browserZone: string
  onChange: (zone: string) => void
}

/** Options PageUp and PageDown move by. */
const PAGE = 10

/**
 * The zones in the order the list shows them before a search: this browser's, UTC, then every
 * other zone by name. A zone the runtime does not list (one from a link) is listed too.
 */
function orderedZones(zone: string, browser: string): string[] {
  const first = [...new Set([browser, 'UTC', zone])]
  const taken = new Set(first)
  return [...first, ...listedZoneNames().filter((z) => !taken.has(z))]
}

/**
 * The zone the days are read in: a button that names it and opens a searchable list of every
 * zone by its current name, with its offset now and this browser's marked (the combobox and
 * listbox pattern of WAI-ARIA: arrows, Home, End, Page keys, Enter, Escape); UTC one click away.
 */
export function ZonePicker({ zone, browserZone, onChange }: ZonePickerProps) {
  const current = currentZoneName(zone)
  const browser = currentZoneName(browserZone)
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const rootRef = useRef<HTMLDivElement>(null)
  const panelId = useId()
  const listId = useId()
  const offsets = useZoneOffsets(listedZoneNames(), open)
  const zones = useMemo(() => orderedZones(current, browser), [current, browser])
  const matches = useMemo(() => searchZones(zones, query), [zones, query])
  const optionId = (index: number) => `${listId}-${index}`

  // A click or tap outside closes the list, as the tool picker does (focus stays put).
  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return
      setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])
  useEffect(() => {
    if (open) inputRef.current?.focus()
  }, [open])
  // The active option stays in view as keys move it; not when offsets arrive or the list is
  // scrolled by hand.
  useEffect(() => {
    if (!open) return
    // jsdom has no scrollIntoView; browsers all do.
    const option = document.getElementById(`${listId}-${active}`) as Partial<HTMLElement> | null
    option?.scrollIntoView?.({ block: 'nearest' })
  }, [open, active, query, listId])

  const show = () => {
    setQuery('')
    setActive(Math.max(0, zones.indexOf(current)))
    setOpen(true)
  }
  const close = () => {
    setOpen(false)
    buttonRef.current?.focus()
  }
  const choose = (next: string) => {
    close()
    if (next !== current) onChange(next)
  }
  const moveTo = (index: number) => setActive(Math.min(Math.max(index, 0), matches.length - 1))
  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(active + 1),
      ArrowUp: () => moveTo(active - 1),
      PageDown: () => moveTo(active + PAGE),
      PageUp: () => moveTo(active - PAGE),
      Home: () => moveTo(0),
      End: () => moveTo(matches.length - 1),
      Enter: () => {
        const match = matches[active]
        if (match) choose(match.zone)
      },
      Escape: close,
    }
    const action = keys[event.key]
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return
    event.preventDefault()
    action()
  }
  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Escape' && open) close()
    else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !open) {
      event.preventDefault()
      show()
    }
  }
  // A zone the runtime does not list (from a link) is read at the same instant as the rest.
  const offsetOf = (z: string) =>
    offsets === null ? '' : (offsets.labels.get(z) ?? utcOffsetLabel(z, offsets.at))
  const thisBrowser = (z: string) => (z === browser ? ' (this browser)' : '')

  return (
    <div className="zone-picker">
      <div
        className="zone-picker__root"
        ref={rootRef}
        onBlur={(event) => {
          const to = event.relatedTarget
          if (to instanceof Node && !event.currentTarget.contains(to)) setOpen(false)
        }}
      >
        <button
          ref={buttonRef}
          type="button"
          className="zone-picker__button"
          aria-expanded={open}
          aria-controls={panelId}
          onKeyDown={onButtonKeyDown}
          onClick={() => (open ? setOpen(false) : show())}
          // The whole name where a narrow screen cuts it.
          title={`Time zone: ${current}${thisBrowser(current)}`}
        >
          <span className="truncate">
            Time zone: <NameText name={current} />
            {thisBrowser(current)}
          </span>
        </button>
        {open ? (
          // The mouse handler below only keeps focus where it is: no action to offer by keyboard.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
          <div
            id={panelId}
            className="zone-picker__panel"
            role="group"
            // Focus stays in the search field: a press on an option or the text around the list
            // must not take it (the field's own presses still place the caret).
            onMouseDown={(e) => {
              if (e.target !== inputRef.current) e.preventDefault()
            }}
            aria-label="Choose a time zone"
          >
            <input
              ref={inputRef}
              type="text"
              role="combobox"
              aria-label="Search time zones"
              placeholder="Search: city, region or old name"
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={matches[active] ? optionId(active) : undefined}
              autoComplete="off"
              spellCheck={false}
              value={query}
              onKeyDown={onInputKeyDown}
              onChange={(e) => {
                setQuery(e.target.value)
                setActive(0)
              }}
            />
            <p className="muted zone-picker__count" role="status">
              {matches.length === 0
                ? `No time zone matches “${query.trim()}”.`
                : query.trim() === ''
                  ? `${formatCount(matches.length)} zones`
                  : `${formatCount(matches.length)} of ${formatCount(zones.length)} zones`}
            </p>
            <ul id={listId} role="listbox" aria-label="Time zones" className="zone-picker__list">
              {matches.map((match, index) => (
                // Keys reach the options through the search field (aria-activedescendant, the
                // WAI-ARIA combobox pattern): options take no focus, so they have no key handler.
                // eslint-disable-next-line jsx-a11y/click-events-have-key-events
                <li
                  key={match.zone}
                  id={optionId(index)}
                  role="option"
                  aria-selected={match.zone === current}
                  className={
                    index === active ? 'zone-picker__option is-active' : 'zone-picker__option'
                  }
                  onClick={() => choose(match.zone)}
                  onPointerMove={() => (index === active ? undefined : setActive(index))}
                >
                  <span className="zone-picker__name">
                    {match.zone}
                    {thisBrowser(match.zone)}
                  </span>{' '}
                  {match.byLegacyName !== null ? (
                    <span className="muted zone-picker__legacy">
                      formerly {match.byLegacyName}{' '}
                    </span>
                  ) : null}
                  <span className="muted zone-picker__offset">{offsetOf(match.zone)}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <button type="button" onClick={() => onChange('UTC')} disabled={current === 'UTC'}>
        Use UTC
      </button>
    </div>
  )
}
