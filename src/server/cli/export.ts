/**
 * `npm run api:export -- --database <url> --clickhouse <target> --installation <name>`: copies
 * one installation's runs and steps into ClickHouse as metadata-only rows (decision 0017), once
 * in full, then what changed every few seconds (`--once`: one pass), with the settings and
 * catalogue files the installation's own server is given (for `/meta` and `/tools`). Stops on
 * SIGINT/SIGTERM after the pass under way.
 */
import { messageOf } from '@/domain/message-of'
import { openDatabase } from '../db/open-database'
import { openClickHouse } from '../fleet/clickhouse'
import { Exporter } from '../fleet/exporter'
import { installationNameProblem } from '../fleet/schema'
import { loadCatalogue, loadSettings } from '../setup/settings'
import { asksForHelp, EXPORT_USAGE, parseExportOptions, UsageError } from './options'

async function main(argv: string[]): Promise<void> {
  if (asksForHelp(argv)) {
    process.stdout.write(`${EXPORT_USAGE}\n`)
    return
  }
  const options = parseExportOptions(argv)
  const problem = installationNameProblem(options.installation)
  if (problem !== null) throw new UsageError(problem)
  const [settings, builtinTools] = await Promise.all([
    loadSettings(options.settings),
    loadCatalogue(options.tools),
  ])
  const db = openDatabase(options.database, { write: false, statementTimeoutMs: 600_000 })
  const ch = await openClickHouse(options.clickhouse)
  let stopping = false
  const stop = () => (stopping = true)
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  try {
    const exporter = new Exporter(db, ch, options.installation, { settings, builtinTools })
    do {
      const started = performance.now()
      const pass = await exporter.pass()
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      process.stderr.write(
        `${new Date().toISOString()} ${options.installation}: ${pass.steps} steps and ${pass.runs} runs sent (${pass.gone} gone) in ${seconds} s; settled up to uid ${pass.settledUid} of ${pass.topUid}\n`,
      )
      if (options.everySeconds === null) break
      const wait = options.everySeconds * 1000
      for (let waited = 0; waited < wait && !stopping; waited += 250) {
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
    } while (!stopping)
  } finally {
    await ch.close()
    await db.close()
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`${messageOf(error)}\n`)
  if (error instanceof UsageError) process.stderr.write(`${EXPORT_USAGE}\n`)
  process.exit(error instanceof UsageError ? 2 : 1)
})
