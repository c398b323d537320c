import { describe, expect, it } from 'vitest'
import { inSlices, TurnTaker } from './turns'

describe('heavy answers taking turns', () => {
  it('run one piece per turn of the event loop, in turn, with other work between', async () => {
    const log: string[] = []
    const task = async (name: string) => {
      const turns = new TurnTaker()
      for (let piece = 0; piece < 3; piece += 1) {
        await turns.take()
        log.push(`${name}${piece}`)
        // Other work queued meanwhile (as a request's answer would be) is not held up.
        setImmediate(() => log.push(`io after ${name}${piece}`))
      }
    }
    await Promise.all([task('a'), task('b')])
    expect(log.filter((entry) => !entry.startsWith('io'))).toEqual([
      'a0',
      'b0',
      'a1',
      'b1',
      'a2',
      'b2',
    ])
    // Pieces are not chained in one go: what a piece started runs before two more pieces did.
    const pieces = log.filter((entry) => !entry.startsWith('io'))
    pieces.slice(0, -2).forEach((piece, k) => {
      expect(log.indexOf(`io after ${piece}`)).toBeLessThan(log.indexOf(pieces[k + 2] ?? ''))
    })
  })

  it('handles every item in order, however the pieces fall', async () => {
    const seen: number[] = []
    const items = Array.from({ length: 10_000 }, (_, i) => i)
    await inSlices(items, (item) => seen.push(item))
    expect(seen).toEqual(items)
  })
})
