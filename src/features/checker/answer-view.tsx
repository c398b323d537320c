import type { CallAnswer, LenientPass } from '@/checker'

export interface AnswerViewProps {
  /** The answer to this call, or null when the call would run. */
  answer: CallAnswer | null
  /** The call's tool is not in the catalogue: the loop answers it as an unknown tool instead. */
  offered: boolean
  /** Values that passed only by one of the ADR's lenient casts; none when absent. */
  passes?: readonly LenientPass[]
}

/** Names each lenient cast that let a value through, so a surprising pass is explained. */
function LenientList({ passes }: { passes: readonly LenientPass[] }) {
  if (passes.length === 0) return null
  return (
    <div className="answer__lenient">
      <p>
        <strong>
          {passes.length === 1 ? 'One value passed' : `${passes.length} values passed`} only by a
          lenient cast of ADR 246:
        </strong>
      </p>
      <ul>
        {passes.map((pass, i) => (
          <li key={`${pass.path}-${i}`}>{pass.message}</li>
        ))}
      </ul>
    </div>
  )
}

/** What the model would receive for one call: the Refused or Not run text, or that it runs. */
export function AnswerView({ answer, offered, passes = [] }: AnswerViewProps) {
  if (answer === null) {
    return (
      <div className="answer answer--run">
        <strong>{offered ? 'The call would run.' : 'Not judged: this tool is not offered.'}</strong>{' '}
        <span className="muted">
          {offered
            ? 'The arguments fit the schema as far as the check judges it; the tool itself may still refuse them.'
            : 'The check judges only calls of offered tools.'}
        </span>
        {offered ? <LenientList passes={passes} /> : null}
      </div>
    )
  }
  return (
    <div
      className={answer.code === 'arguments' ? 'answer answer--refused' : 'answer answer--not-run'}
    >
      <strong>
        {answer.code === 'arguments'
          ? `Refused (code arguments): ${answer.mismatches.length} mismatch${answer.mismatches.length === 1 ? '' : 'es'}.`
          : 'Not run (code turn): another call of the turn was refused.'}
      </strong>{' '}
      <span className="muted">The model would receive:</span>
      <pre className="answer__text">{answer.text}</pre>
      <LenientList passes={passes} />
    </div>
  )
}
