/**
 * `npm run write:parsers`: writes src/domain/contract/fast-runs-page.ts and fast-summary.ts from
 * their zod schemas (decision 0013). Run it after a change of the contract's schemas; the unit
 * test scripts/fast-parsers/written.test.ts fails until the written files match them again.
 */
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { CONTRACT_DIR, fastParserSource, RUNS_PAGE, SUMMARY } from './source'

for (const target of [RUNS_PAGE, SUMMARY]) {
  const file = path.join(CONTRACT_DIR, target.file)
  const source = await fastParserSource(target)
  const before = await readFile(file, 'utf8').catch(() => '')
  if (before === source) {
    console.log(`${target.file}: unchanged`)
  } else {
    await writeFile(file, source)
    console.log(`${target.file}: written from ${target.schemaName}`)
  }
}
