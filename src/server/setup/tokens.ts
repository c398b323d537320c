import { readFile } from 'node:fs/promises'
import { createHash, timingSafeEqual } from 'node:crypto'
import { ConfigFileError } from './settings'

/**
 * Bearer tokens from a file (`--tokens <file>`): one token a line, at least 32 characters; empty
 * lines and lines starting with `#` are skipped. Only their SHA-256 digests are kept.
 */
export async function loadTokens(path: string): Promise<Buffer[]> {
  let body: string
  try {
    body = await readFile(path, 'utf8')
  } catch {
    throw new ConfigFileError(`The tokens file ${path} cannot be read.`)
  }
  const tokens = body
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
  if (tokens.length === 0) throw new ConfigFileError(`The tokens file ${path} holds no token.`)
  const short = tokens.find((token) => token.length < 32)
  if (short !== undefined) {
    throw new ConfigFileError(`Every token in ${path} must be at least 32 characters long.`)
  }
  // A bearer token is one word: one with a space inside could never be sent, so never match.
  if (tokens.some((token) => /\s/.test(token))) {
    throw new ConfigFileError(`A token in ${path} holds a space; a token is one word a line.`)
  }
  // 32 random characters (hex or base64) hold 10 different ones or more but for a chance of
  // about one in 10,000: fewer is a token typed, not made (36 × "a").
  if (tokens.some((token) => new Set(token).size < 10)) {
    throw new ConfigFileError(
      `A token in ${path} looks guessable (fewer than 10 different characters); make one with: head -c 32 /dev/urandom | base64`,
    )
  }
  return tokens.map(digest)
}

const digest = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest()

/** Whether an `Authorization` header carries one of the tokens (compared in constant time). */
export function isAuthorized(header: string | undefined, digests: readonly Buffer[]): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')
  if (match === null) return false
  const given = digest(match[1] ?? '')
  let found = false
  for (const known of digests) found = timingSafeEqual(known, given) || found
  return found
}
