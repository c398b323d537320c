/** `npm run api -- --database <url> …`: the diagnostics API over the CMS's own tables. */
import { startFleetApi } from '../fleet/start-fleet-api'
import {
  API_USAGE,
  asksForHelp,
  FLEET_USAGE,
  parseApiOptions,
  parseFleetApiOptions,
  UsageError,
} from './options'
import { startApi } from './start-api'
import { messageOf } from '@/domain/message-of'

const log = (line: string): void => {
  process.stderr.write(`${new Date().toISOString()} ${line}\n`)
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2)
  if (asksForHelp(argv)) {
    process.stdout.write(`${API_USAGE}\n${FLEET_USAGE}\n`)
    return
  }
  // Over ClickHouse (many installations, decision 0017) rather than one installation's tables.
  const running = argv.includes('--clickhouse')
    ? await startFleetApi(parseFleetApiOptions(argv), log)
    : await startApi(parseApiOptions(argv), log)
  process.stdout.write(`listening on ${running.url}\n`)
  const stop = (): void => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  process.stderr.write(`${messageOf(error)}\n`)
  if (error instanceof UsageError) process.stderr.write(`${API_USAGE}\n`)
  process.exit(error instanceof UsageError ? 2 : 1)
})
