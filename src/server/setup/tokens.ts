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
