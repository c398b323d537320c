import { useMemo, type RefObject } from 'react'
import type { Tool } from '@/domain/contract'
import {
  playgroundExamples,
  starterArgs,
  type PlaygroundCall,
  type PlaygroundState,
} from '@/domain/playground'
import { Playground, type PlaygroundCase } from './playground'
import { SchemaView } from './schema-view'
import { ToolSelect } from './tool-select'

export interface InspectorProps {
  tools: readonly Tool[]
  state: PlaygroundState
  onChange: (next: PlaygroundState) => void
  /** URL values that were ignored, one line each. */
  ignored: readonly string[]
  /** Parts of the case too long for the link. */
  omitted: readonly string[]
  /** Focused when a tool is picked in the catalogue, so the view moves here. */
  headingRef: RefObject<HTMLHeadingElement | null>
}

/**
 * One tool up close: its schema as a tree and the playground. The case in the URL may leave
 * the tool or arguments open; the first ADR example (or the first tool) fills them in.
 */
export function Inspector(props: InspectorProps) {
  const { tools, state, onChange, ignored, omitted, headingRef } = props
  const examples = useMemo(() => playgroundExamples(tools), [tools])
  const schemaOf = (name: string) => tools.find((t) => t.name === name)?.parameters
  const first = examples[0]
  const tool = state.tool ?? first?.tool ?? tools[0]?.name ?? ''
  const args =
    state.args ?? (state.tool === null && first ? first.args : starterArgs(schemaOf(tool)))
  const value: PlaygroundCase = { mode: state.mode, tool, args, calls: state.calls }
  const change = (next: PlaygroundCase) => onChange(next)

  const starterTurn = (): PlaygroundCall[] => {
    const read = tools.find((t) => t.effect === 'read_only' && t.name !== tool)
    return [
      { tool, args },
      ...(read ? [{ tool: read.name, args: starterArgs(read.parameters) }] : []),
    ]
  }
  const picked = tools.find((t) => t.name === tool)

  return (
    <section className="inspector" aria-labelledby="inspector-title">
      <h2 id="inspector-title" ref={headingRef} tabIndex={-1}>
        Schema and playground
      </h2>
      {ignored.length > 0 ? (
        <ul className="filter-bar__ignored" aria-label="Ignored link values">
          {ignored.map((line) => (
            <li key={line}>{line}.</li>
          ))}
        </ul>
      ) : null}
      {omitted.length > 0 ? (
        <p className="muted" role="status">
          Too long for a link: {omitted.join(' and ')}. The address keeps the rest of the case.
        </p>
      ) : null}
      <ToolSelect
        label="Tool"
        tools={tools}
        value={tool}
        onChange={(name) =>
          change({ ...value, mode: 'call', tool: name, args: starterArgs(schemaOf(name)) })
        }
      />
      <div className="inspector__grid">
        {picked ? <SchemaView toolName={picked.name} parameters={picked.parameters} /> : null}
        <Playground
          tools={tools}
          value={value}
          onChange={change}
          examples={examples}
          starterTurn={starterTurn}
        />
      </div>
    </section>
  )
}
