import type { CallAnswer, LenientPass } from '@/checker'
import type { Tool } from '@/domain/contract'
import { starterArgs, type JsonSyntaxError, type PlaygroundCall } from '@/domain/playground'
import { AnswerView } from './answer-view'
import { ArgsEditor } from './args-editor'
import { ToolSelect } from './tool-select'

export interface TurnEditorProps {
  tools: readonly Tool[]
  calls: readonly PlaygroundCall[]
  onChange: (calls: PlaygroundCall[]) => void
  idOf: (index: number) => string
  /** The answer to a call; null as a whole while some call is not JSON (no answer yet). */
  answerOf: ((id: string) => CallAnswer | null) | null
  /** The values of a call that passed only by a lenient cast. */
  passesOf: (id: string) => readonly LenientPass[]
  errorOf: (id: string) => JsonSyntaxError | null
  offered: ReadonlySet<string>
  max: number
}

/** The calls of one model turn, each with its tool, its arguments and its answer. */
export function TurnEditor(props: TurnEditorProps) {
  const { tools, calls, onChange, idOf, answerOf, passesOf, errorOf, offered, max } = props
  const update = (index: number, change: Partial<PlaygroundCall>) =>
    onChange(calls.map((call, i) => (i === index ? { ...call, ...change } : call)))
  const add = () => {
    const first = tools[0]
    if (first) onChange([...calls, { tool: first.name, args: starterArgs(first.parameters) }])
  }
  return (
    <div className="turn-editor">
      {calls.length === 0 ? (
        <p className="muted">A turn without calls runs nothing; add a call to try one.</p>
      ) : null}
      <ol className="turn-editor__calls">
        {calls.map((call, index) => {
          const id = idOf(index)
          const schema = tools.find((t) => t.name === call.tool)?.parameters
          return (
            <li key={index}>
              <fieldset className="turn-call">
                <legend>Call {index + 1}</legend>
                <ToolSelect
                  label={`Tool of call ${index + 1}`}
                  tools={tools}
                  value={call.tool}
                  onChange={(tool) =>
                    update(index, {
                      tool,
                      args: starterArgs(tools.find((t) => t.name === tool)?.parameters ?? schema),
                    })
                  }
                />
                <ArgsEditor
                  label={`Arguments of call ${index + 1} (JSON)`}
                  value={call.args}
                  onChange={(args) => update(index, { args })}
                  error={errorOf(id)}
                />
                <button type="button" onClick={() => onChange(calls.filter((_, i) => i !== index))}>
                  Remove call {index + 1}
                </button>
                {answerOf ? (
                  <AnswerView
                    answer={answerOf(id)}
                    offered={offered.has(call.tool)}
                    passes={passesOf(id)}
                  />
                ) : null}
              </fieldset>
            </li>
          )
        })}
      </ol>
      <button type="button" onClick={add} disabled={calls.length >= max}>
        Add a call
      </button>
      {calls.length >= max ? (
        <span className="muted"> A turn here holds at most {max} calls.</span>
      ) : null}
    </div>
  )
}
