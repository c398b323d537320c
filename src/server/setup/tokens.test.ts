/** The tokens file takes only tokens that can be sent and are not guessable. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigFileError } from './settings'
import { isAuthorized, loadTokens } from './tokens'

const dir = mkdtempSync(join(tmpdir(), 'rd-tokens-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let files = 0
const fileWith = (body: string) => {
  const path = join(dir, `tokens-${(files += 1)}`)
  writeFileSync(path, body)
  return path
}

describe('the tokens file', () => {
  it('takes random tokens, hex or base64, one a line', async () => {
    const hex = '3f9a0c7d1e5b8a2f4c6d0e9b7a1f3c5d'
    const base64 = 'k3J9xQ2mVb7LrT0pWz5sYc8NfH1dGa4E6uIoPjKl+/0='
    const digests = await loadTokens(fileWith(`# comment\n\n${hex}\r\n  ${base64}  \n`))
    expect(digests).toHaveLength(2)
    expect(isAuthorized(`Bearer ${hex}`, digests)).toBe(true)
    expect(isAuthorized(`Bearer ${base64}`, digests)).toBe(true)
  })

  it.each([
    ['a space inside', 'abcdefghijklmnop qrstuvwxyz0123456789', /holds a space/],
    ['one character repeated', 'a'.repeat(36), /guessable/],
    ['a few characters repeated', 'abcabcabcabcabcabcabcabcabcabcabcabc', /guessable/],
    ['too short', 'k3J9xQ2mVb7LrT0p', /at least 32/],
  ])('refuses a token with %s', async (_, token, message) => {
    const load = loadTokens(fileWith(`${token}\n`))
    await expect(load).rejects.toThrow(ConfigFileError)
    await expect(load).rejects.toThrow(message)
  })
})
