/** `npm run api:seed -- --database <url> [--scale N]`: the demo installation, as the CMS records it. */
import { writeFile } from 'node:fs/promises'
import { createInstallation } from '@/mocks/installation'
import { openDatabase, redactUrl } from '../db/open-database'
import { builtinCatalogueFile } from '../seed/catalogue-rows'
import { seedInstallation } from '../seed/seed-installation'
import { asksForHelp, parseSeedOptions, SEED_USAGE, UsageError } from './options'
import { messageOf } from '@/domain/message-of'

async function main(): Promise<void> {
  const argv = process.argv.slice(2)
  if (asksForHelp(argv)) {
    process.stdout.write(`${SEED_USAGE}\n`)
    return
  }
  const options = parseSeedOptions(argv)
  const installation = createInstallation({ scale: options.scale, seed: options.seed })
  const db = openDatabase(options.database, { write: true, statementTimeoutMs: 600_000 })
  try {
    const report = await seedInstallation(db, installation)
    process.stdout.write(
      `seeded ${redactUrl(options.database)}: ${report.runs} runs, ${report.events} events, ${report.mcpTools} MCP tools\n`,
    )
  } finally {
    await db.close()
  }
  if (options.toolsOut !== undefined) {
    const builtin = builtinCatalogueFile(installation)
    await writeFile(options.toolsOut, `${JSON.stringify(builtin, null, 2)}\n`)
    process.stdout.write(`wrote the built-in catalogue to ${options.toolsOut}\n`)
  }
  if (options.settingsOut !== undefined) {
    const {
      installation: name,
      privacyLevel,
      retentionDays,
      argumentCheckSince,
    } = installation.meta
    const settings = { installation: name, privacyLevel, retentionDays, argumentCheckSince }
    await writeFile(options.settingsOut, `${JSON.stringify(settings, null, 2)}\n`)
    process.stdout.write(`wrote the settings to ${options.settingsOut}\n`)
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${messageOf(error)}\n`)
  if (error instanceof UsageError) process.stderr.write(`${SEED_USAGE}\n`)
  process.exit(error instanceof UsageError ? 2 : 1)
})
