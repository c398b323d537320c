import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CONTRACT_DIR, fastParserSource, RUNS_PAGE, SUMMARY } from './source'

describe('the fast parsers in src/domain/contract', () => {
  it.each([RUNS_PAGE, SUMMARY])('$file is the code written from $schemaName', async (target) => {
    const written = readFileSync(path.join(CONTRACT_DIR, target.file), 'utf8')
    expect(written, `${target.file} is out of date: run npm run write:parsers`).toBe(
      await fastParserSource(target),
    )
  })
})
