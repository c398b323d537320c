import { useId, useState, type FormEvent } from 'react'
import type { RoundGroup } from '@/domain/runs'
import { formatCount } from '@/components/ui/format-count'
import type { TimelinePlace } from './step-pages'

export interface JumpFormProps {
  groups: readonly RoundGroup[]
  places: ReadonlyMap<string, TimelinePlace>
  /** Scrolls to the round or step with this element id and focuses it. */
  onJump: (id: string) => boolean
}

/** Two fields to reach any round or step of a windowed run by its number. */
export function JumpForm({ groups, places, onJump }: JumpFormProps) {
  const [message, setMessage] = useState('')
  const roundField = useId()
  const stepField = useId()
  const first = groups.find((g) => g.round > 0)?.round
  const last = groups[groups.length - 1]?.round

  const submit = (kind: 'round' | 'step') => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const raw = new FormData(event.currentTarget).get(kind)
    const n = Number(typeof raw === 'string' ? raw.trim() : '')
    const id = `${kind}-${n}`
    if (raw === '' || !Number.isInteger(n) || !places.has(id)) {
      setMessage(
        kind === 'round'
          ? `This run has no round ${String(raw)}${first !== undefined && last !== undefined ? ` (its rounds are ${formatCount(first)} to ${formatCount(last)})` : ''}.`
          : `This run has no step ${String(raw)}.`,
      )
      return
    }
    setMessage('')
    onJump(id)
  }
  return (
    <div className="jump-form">
      <form onSubmit={submit('round')} aria-label="Go to a round">
        <label htmlFor={roundField}>Go to round</label>{' '}
        <input id={roundField} name="round" type="number" inputMode="numeric" min={0} />{' '}
        <button type="submit">Go</button>
      </form>
      <form onSubmit={submit('step')} aria-label="Go to a step">
        <label htmlFor={stepField}>Go to step</label>{' '}
        <input id={stepField} name="step" type="number" inputMode="numeric" min={0} />{' '}
        <button type="submit">Go</button>
      </form>
      <p className="jump-form__message" role="status">
        {message}
      </p>
    </div>
  )
}
