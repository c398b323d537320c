import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { formatCount } from '../ui/format-count'
import { NameText } from '../ui/name-text'

export interface ToolOption {
  name: string
  source: 'builtin' | 'mcp'
  server: string | null
  writing: boolean
  /** Calls in the current date range; null while unknown. */
  calls: number | null
}

export interface ToolPickerProps {
  options: ReadonlyArray<ToolOption>
  selected: ReadonlyArray<string>
  onChange: (tools: string[]) => void
}

/** Names shown on the button before "+N more"; the panel lists them all. */
const NAMED_ON_BUTTON = 2

/**
 * What the button says of a selection: "all" (no number: the tables count the tools called in
 * the range, the catalogue may hold more), a name, or the first names and how many more.
 */
export function describeToolSelection(selected: readonly string[]): {
  named: string
  more: string
} {
  if (selected.length === 0) return { named: 'all', more: '' }
  const named = selected.slice(0, NAMED_ON_BUTTON).join(', ')
  const more = selected.length - NAMED_ON_BUTTON
  return { named, more: more > 0 ? ` +${more} more` : '' }
}

const GROUPS = [
  { source: 'builtin', label: 'Built-in tools' },
  { source: 'mcp', label: 'MCP tools' },
] as const

/**
 * A searchable multi-select of tools: built-in and MCP tools grouped, writing tools marked, each
 * with its call count. A disclosure with real checkboxes, so it works with keyboard and screen
 * readers without a custom listbox. Opening it puts focus in its search field; Escape closes it
 * and returns focus to its button.
 */
export function ToolPicker({ options, selected, onChange }: ToolPickerProps) {
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const buttonRef = useRef<HTMLButtonElement>(null)
  const searchRef = useRef<HTMLInputElement>(null)
  const rootRef = useRef<HTMLDivElement>(null)
  // Opened, the search field takes focus, so typing searches at once (as in the zone picker).
  useEffect(() => {
    if (open) searchRef.current?.focus()
  }, [open])
  // A click or tap outside closes the panel, as any disclosure menu does (focus stays put).
  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return
      setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])
  const panelId = useId()
  const chosen = useMemo(() => new Set(selected), [selected])
  const needle = query.trim().toLowerCase()
  const visible = options.filter((o) => o.name.toLowerCase().includes(needle))

  const toggle = (name: string) => {
    const next = new Set(chosen)
    if (next.has(name)) next.delete(name)
    else next.add(name)
    onChange([...next].sort())
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    setOpen(false)
    buttonRef.current?.focus()
  }
  const summary = describeToolSelection(selected)

  return (
    <div className="tool-picker" ref={rootRef}>
      <button
        ref={buttonRef}
        onKeyDown={onKeyDown}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="tool-picker__button"
        title={selected.join(', ') || 'all tools'}
      >
        {/* Long names are cut, the count of the rest never is. */}
        <span className="truncate">Tools: {summary.named}</span>
        {summary.more}
        {selected.length > NAMED_ON_BUTTON ? (
          <span className="visually-hidden"> (chosen: {selected.join(', ')})</span>
        ) : null}
      </button>
      {open ? (
        <div id={panelId} className="tool-picker__panel" role="group" aria-label="Choose tools">
          <div className="tool-picker__bar">
            <input
              ref={searchRef}
              type="search"
              aria-label="Search tools"
              placeholder="Search tools"
              value={query}
              onKeyDown={onKeyDown}
              onChange={(e) => setQuery(e.target.value)}
            />
            <button
              type="button"
              onKeyDown={onKeyDown}
              onClick={() => onChange([])}
              disabled={selected.length === 0}
            >
              All tools
            </button>
          </div>
          <p className="muted tool-picker__chosen">
            {selected.length === 0
              ? `Every tool counts: ${formatCount(options.length)} known to this installation; the tables list those called in the range.`
              : `Chosen (${formatCount(selected.length)}): ${selected.join(', ')}`}
          </p>
          {GROUPS.map((group) => {
            const items = visible.filter((o) => o.source === group.source)
            if (items.length === 0) return null
            return (
              <fieldset key={group.source} className="tool-picker__group">
                <legend>{group.label}</legend>
                <ul>
                  {items.map((o) => (
                    <li key={o.name}>
                      <label title={o.name}>
                        <input
                          type="checkbox"
                          checked={chosen.has(o.name)}
                          onKeyDown={onKeyDown}
                          onChange={() => toggle(o.name)}
                        />
                        <span className="truncate name-lines">
                          <NameText name={o.name} />
                        </span>
                        {o.writing ? <span className="tag">writes</span> : null}
                        <span className="muted tool-picker__calls">
                          {o.calls === null ? '' : `${formatCount(o.calls)} calls`}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            )
          })}
          {visible.length === 0 ? <p className="muted">No tool matches “{query}”.</p> : null}
        </div>
      ) : null}
    </div>
  )
}
