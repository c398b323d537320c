import { describe, expect, it } from 'vitest'
import { AnswerGate, AnswersBusyError } from './answer-gate'
import { ClientGoneError } from './respond'

/** An answer that ends when the test lets it. */
function held() {
  let end: () => void = () => undefined
  const done = new Promise<void>((resolve) => (end = resolve))
  return { end, answer: () => done }
}

describe('AnswerGate', () => {
  it('makes at most its places at once; the next waits, in order, then runs', async () => {
    const gate = new AnswerGate(1, 1000)
    const first = held()
    const order: string[] = []
    const a = gate.run(
      () => false,
      async () => {
        order.push('a started')
        await first.answer()
      },
    )
    const b = gate.run(
      () => false,
      async () => void order.push('b started'),
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(order).toEqual(['a started'])
    first.end()
    await Promise.all([a, b])
    expect(order).toEqual(['a started', 'b started'])
  })

  it('refuses an answer that waited past its wait', async () => {
    const gate = new AnswerGate(1, 30)
    const first = held()
    const a = gate.run(() => false, first.answer)
    await expect(
      gate.run(
        () => false,
        async () => 'late',
      ),
    ).rejects.toBeInstanceOf(AnswersBusyError)
    first.end()
    await a
    await expect(
      gate.run(
        () => false,
        async () => 'again',
      ),
    ).resolves.toBe('again')
  })

  it('does not make the answer of a client that left while it waited', async () => {
    const gate = new AnswerGate(1, 1000)
    const first = held()
    const a = gate.run(() => false, first.answer)
    let made = false
    const left = gate.run(
      () => true,
      async () => {
        made = true
      },
    )
    first.end()
    await a
    await expect(left).rejects.toBeInstanceOf(ClientGoneError)
    expect(made).toBe(false)
    await expect(
      gate.run(
        () => false,
        async () => 'free',
      ),
    ).resolves.toBe('free')
  })
})
