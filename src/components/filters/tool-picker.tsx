import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { formatCount } from '../ui/format-count'

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

const GROUPS = [
  { source: 'builtin', label: 'Built-in tools' },
  { source: 'mcp', label: 'MCP tools' },
] as const

/**
 * A searchable multi-select of tools: built-in and MCP tools grouped, writing tools marked, each
 * with its call count. A disclosure with real checkboxes, so it works with keyboard and screen
 * readers without a custom listbox; Escape closes it and returns focus to its button.
 */
export function ToolPicker({ options, selected, onChange }: ToolPickerProps) {
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const buttonRef = useRef<HTMLButtonElement>(null)
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
  const summary =
    selected.length === 0
      ? `all ${options.length} tools`
      : selected.length === 1
        ? selected[0]
        : `${selected.length} tools`

  return (
    <div className="tool-picker">
      <button
        ref={buttonRef}
        onKeyDown={onKeyDown}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="tool-picker__button truncate"
        title={selected.join(', ') || 'all tools'}
      >
        Tools: {summary}
      </button>
      {open ? (
        <div id={panelId} className="tool-picker__panel" role="group" aria-label="Choose tools">
          <div className="tool-picker__bar">
            <input
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
                        <span className="truncate tool-picker__name">{o.name}</span>
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
