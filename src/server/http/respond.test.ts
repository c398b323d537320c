/**
 * `sendJsonStream`: a small answer is sent whole (so a failure while it is made is still answered
 * by the caller), a large one streamed; a client that left, or a HEAD request, stops the making
 * and closes the answer's producer; a failure once streaming began cuts the answer.
 */
import { once } from 'node:events'
import { createServer, get, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { ClientGoneError, sendJsonStream } from './respond'

const KB = 'x'.repeat(1024)
/** Pieces of 1 KB past which an answer is streamed (8 MB). */
const HELD_PIECES = 8 * 1024

/** Text of `count` pieces of 1 KB, failing with `failure` after `failAt` of them. */
function producer(
  count: number,
  options: { failAt?: number; failure?: Error; wait?: Promise<void> } = {},
) {
  const state = { made: 0, closed: false }
  async function* body(): AsyncGenerator<string> {
    try {
      while (state.made < count) {
        if (state.made === options.failAt) throw options.failure
        if (state.made === 1 && options.wait !== undefined) await options.wait
        state.made += 1
        yield KB
      }
    } finally {
      state.closed = true
    }
  }
  return { state, body: body() }
}

interface Outcome {
  error: unknown
  headersSent: boolean
}

let stop: () => void = () => undefined
afterEach(() => stop())

/** A server answering one request with `body`; `answered` settles when sendJsonStream does. */
async function serve(body: AsyncIterable<string>) {
  let done: (outcome: Outcome) => void = () => undefined
  const answered = new Promise<Outcome>((resolve) => (done = resolve))
  let response: (res: ServerResponse) => void = () => undefined
  const responded = new Promise<ServerResponse>((resolve) => (response = resolve))
  const server = createServer((_req, res) => {
    response(res)
    sendJsonStream(res, 200, body).then(
      () => done({ error: null, headersSent: res.headersSent }),
      (error: unknown) => {
        done({ error, headersSent: res.headersSent })
        if (!res.writableEnded) res.destroy()
      },
    )
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  stop = () => {
    server.closeAllConnections()
    server.close()
  }
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, answered, responded }
}

describe('sendJsonStream', () => {
  it('sends a small answer whole, with its length', async () => {
    const { state, body } = producer(3)
    const { url, answered } = await serve(body)
    const answer = await fetch(url)
    expect(answer.headers.get('content-length')).toBe(String(3 * 1024))
    expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await answer.text()).toBe(KB.repeat(3))
    expect(await answered).toEqual({ error: null, headersSent: true })
    expect(state).toEqual({ made: 3, closed: true })
  })

  it('passes on a failure while a small answer is made, nothing sent yet', async () => {
    const failure = new Error('the database went away')
    const { body } = producer(3, { failAt: 2, failure })
    const { url, answered } = await serve(body)
    await expect(fetch(url)).rejects.toThrow()
    const outcome = await answered
    expect(outcome.error).toBe(failure)
    expect(outcome.headersSent).toBe(false)
  })

  it('streams a large answer, complete', async () => {
    const { state, body } = producer(HELD_PIECES + 1000)
    const { url, answered } = await serve(body)
    const answer = await fetch(url)
    expect(answer.headers.get('content-length')).toBeNull()
    expect(await answer.text()).toBe(KB.repeat(HELD_PIECES + 1000))
    expect((await answered).error).toBeNull()
    expect(state.closed).toBe(true)
  })

  it('answers HEAD for a large answer with the headers alone and stops making it', async () => {
    const { state, body } = producer(HELD_PIECES * 4)
    const { url, answered } = await serve(body)
    const answer = await fetch(url, { method: 'HEAD' })
    expect(answer.status).toBe(200)
    expect(await answer.text()).toBe('')
    expect((await answered).error).toBeNull()
    expect(state).toEqual({ made: HELD_PIECES, closed: true })
  })

  it('stops making a streamed answer once the client left, and closes its producer', async () => {
    const { state, body } = producer(HELD_PIECES * 100)
    const { url, answered } = await serve(body)
    const request = get(url)
    const [response] = (await once(request, 'response')) as [NodeJS.ReadableStream]
    // Past the text held back, so the making has gone on while it was sent.
    let received = 0
    for await (const chunk of response) {
      received += chunk.length
      if (received > (HELD_PIECES + 1000) * 1024) break
    }
    request.destroy()
    const outcome = await answered
    expect(outcome.error).toBeInstanceOf(ClientGoneError)
    expect(state.closed).toBe(true)
    expect(state.made).toBeGreaterThan(HELD_PIECES + 1000)
    expect(state.made).toBeLessThan(HELD_PIECES * 100)
  })

  it('stops making an answer held back once the client left', async () => {
    let release: () => void = () => undefined
    const wait = new Promise<void>((resolve) => (release = resolve))
    const { state, body } = producer(HELD_PIECES * 2, { wait })
    const { url, answered, responded } = await serve(body)
    const request = get(url)
    request.on('error', () => undefined)
    const res = await responded
    request.destroy()
    await once(res, 'close')
    release()
    const outcome = await answered
    expect(outcome.error).toBeInstanceOf(ClientGoneError)
    expect(outcome.headersSent).toBe(false)
    expect(state).toEqual({ made: 2, closed: true })
  })

  it('cuts a streamed answer that fails, passing the failure on', async () => {
    const failure = new Error('the database went away')
    const { state, body } = producer(HELD_PIECES * 2, { failAt: HELD_PIECES + 100, failure })
    const { url, answered } = await serve(body)
    const answer = await fetch(url)
    expect(answer.status).toBe(200)
    await expect(answer.text()).rejects.toThrow()
    const outcome = await answered
    expect(outcome.error).toBe(failure)
    expect(outcome.headersSent).toBe(true)
    expect(state.closed).toBe(true)
  })
})
