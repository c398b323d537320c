import { useId, useMemo } from 'react'
import type { OfferedTool } from '@/checker'
import type { Tool } from '@/domain/contract'
import {
  MAX_CALLS,
  type PlaygroundCall,
  type PlaygroundExample,
  type PlaygroundMode,
} from '@/domain/playground'
import { AnswerView } from './answer-view'
import { ArgsEditor } from './args-editor'
import { evaluateTurn, type Evaluation } from './evaluate'
import { TurnEditor } from './turn-editor'

/** The playground's case with every choice made (a tool picked, arguments filled in). */
export interface PlaygroundCase {
  mode: PlaygroundMode
  tool: string
  args: string
  calls: PlaygroundCall[]
}

export interface PlaygroundProps {
  tools: readonly Tool[]
  value: PlaygroundCase
  onChange: (next: PlaygroundCase) => void
  examples: readonly PlaygroundExample[]
  /** Calls for a new turn, when the person switches to the turn mode without any. */
  starterTurn: () => PlaygroundCall[]
}

const callId = (index: number) => `call_${index + 1}`

/** A short verdict for the live region: read out after each change, without the whole text. */
function verdictOf(result: Evaluation, mode: PlaygroundMode, calls: number): string {
  if (result.status === 'syntax') {
    const first = [...result.errors.values()][0]
    return first
      ? `Not JSON yet (line ${first.line}, column ${first.column}): no answer until it is.`
      : ''
  }
  if (result.status === 'run') {
    return mode === 'call' ? 'The call would run.' : `The turn would run: all ${calls} calls fit.`
  }
  const refused = [...result.answers.values()].filter((a) => a.code === 'arguments').length
  if (mode === 'call') return 'Refused: the model would be told what to correct.'
  return `Nothing in this turn would run: ${refused} refused, ${result.answers.size - refused} not run.`
}

/**
 * Tries arguments against the very check the loop runs, in the browser, on each change: one
 * call, or a turn of several. Nothing is sent anywhere.
 */
export function Playground({ tools, value, onChange, examples, starterTurn }: PlaygroundProps) {
  const modeName = useId()
  const offered = useMemo(
    (): OfferedTool[] => tools.map((t) => ({ name: t.name, parameters: t.parameters })),
    [tools],
  )
  const names = useMemo(() => new Set(tools.map((t) => t.name)), [tools])
  const typed = useMemo(
    () =>
      value.mode === 'call'
        ? [{ id: callId(0), tool: value.tool, text: value.args }]
        : value.calls.map((c, i) => ({ id: callId(i), tool: c.tool, text: c.args })),
    [value],
  )
  const result = useMemo(() => evaluateTurn(typed, offered), [typed, offered])
  const answerOf = (id: string) =>
    result.status === 'refused' ? (result.answers.get(id) ?? null) : null
  const passesOf = (id: string) => (result.status === 'syntax' ? [] : (result.passes.get(id) ?? []))
  const errorOf = (id: string) =>
    result.status === 'syntax' ? (result.errors.get(id) ?? null) : null

  const setMode = (mode: PlaygroundMode) => {
    if (mode === 'turn' && value.calls.length === 0)
      onChange({ ...value, mode, calls: starterTurn() })
    else onChange({ ...value, mode })
  }

  return (
    <section className="playground" aria-labelledby="playground-title">
      <h3 id="playground-title">Playground</h3>
      <p className="muted">
        Runs the argument check of the agent loop (ADR 246) here in the browser on each change.
        Nothing is sent anywhere. The address bar holds the case, so a link shows a colleague the
        same answer.
      </p>
      <fieldset className="playground__mode">
        <legend>Check</legend>
        {(
          [
            ['call', 'One call'],
            ['turn', 'A turn of several calls'],
          ] as const
        ).map(([mode, label]) => (
          <label key={mode}>
            <input
              type="radio"
              name={modeName}
              checked={value.mode === mode}
              onChange={() => setMode(mode)}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
      {examples.length > 0 ? (
        <div className="playground__examples" role="group" aria-label="Examples from ADR 246">
          <span className="muted">Examples from ADR 246:</span>
          {examples.map((example) => (
            <button
              key={example.id}
              type="button"
              title={`${example.tool}: ${example.expected}`}
              onClick={() =>
                onChange({ ...value, mode: 'call', tool: example.tool, args: example.args })
              }
            >
              {example.label} <span className="muted">({example.expected})</span>
            </button>
          ))}
        </div>
      ) : null}
      <p className="playground__verdict" role="status">
        {verdictOf(result, value.mode, typed.length)}
      </p>
      {value.mode === 'call' ? (
        <>
          <ArgsEditor
            label={`Arguments of ${value.tool} (JSON)`}
            value={value.args}
            onChange={(args) => onChange({ ...value, args })}
            error={errorOf(callId(0))}
          />
          {result.status === 'syntax' ? null : (
            <AnswerView
              answer={answerOf(callId(0))}
              offered={names.has(value.tool)}
              passes={passesOf(callId(0))}
            />
          )}
        </>
      ) : (
        <TurnEditor
          tools={tools}
          calls={value.calls}
          onChange={(calls) => onChange({ ...value, calls })}
          idOf={callId}
          answerOf={result.status === 'syntax' ? null : answerOf}
          passesOf={passesOf}
          errorOf={errorOf}
          offered={names}
          max={MAX_CALLS}
        />
      )}
    </section>
  )
}
