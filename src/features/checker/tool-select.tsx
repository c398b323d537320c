import { useId, useMemo } from 'react'
import type { Tool } from '@/domain/contract'

export interface ToolSelectProps {
  label: string
  tools: readonly Tool[]
  value: string
  onChange: (tool: string) => void
}

/** Picks a tool of the catalogue, grouped as the catalogue groups them. */
export function ToolSelect({ label, tools, value, onChange }: ToolSelectProps) {
  const id = useId()
  const groups = useMemo(() => {
    const byGroup = new Map<string, Tool[]>()
    for (const tool of tools) byGroup.set(tool.group, [...(byGroup.get(tool.group) ?? []), tool])
    return [...byGroup.entries()]
  }, [tools])
  return (
    <div className="tool-select">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {groups.map(([group, members]) => (
          <optgroup key={group} label={group}>
            {members.map((tool) => (
              <option key={tool.name} value={tool.name}>
                {tool.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  )
}
