/**
 * The server's close: answers in flight finish, idle connections go at once, and an answer
 * that never ends is cut after the grace instead of holding the close forever.
 */
import { describe, expect, it } from 'vitest'
import { listenWith } from './node-server'

/** A server whose answers wait until `release` is called; `arrived` resolves on the first. */
async function held() {
  let release = () => undefined as void
  const released = new Promise<void>((resolve) => (release = resolve))
  let arrived = () => undefined as void
  const first = new Promise<void>((resolve) => (arrived = resolve))
  const listening = await listenWith(
    (_req, res) => {
      arrived()
      void released.then(() => res.end('done'))
    },
    { host: '127.0.0.1', port: 0 },
  )
  return { listening, first, release }
}

describe('closing the server', () => {
  it('lets an answer in flight finish', async () => {
    const { listening, first, release } = await held()
    const answer = fetch(`${listening.url}/slow`).then((response) => response.text())
    await first
    const closed = listening.close()
    release()
    expect(await answer).toBe('done')
    await closed
    await expect(fetch(`${listening.url}/again`)).rejects.toThrow()
  })

  it('cuts an answer that never ends once the grace is over', async () => {
    const { listening, first } = await held()
    const answer = fetch(`${listening.url}/never`)
    await first
    await listening.close()
    await expect(answer).rejects.toThrow()
  })
})
