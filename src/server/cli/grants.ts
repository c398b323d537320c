/**
 * `npm run api:grants -- --database <url> --user <name>`: prints the GRANT statements that give
 * an existing database user exactly the reads the API server needs. It never connects.
 */
import { grantStatements } from '../setup/grants'
import { asksForHelp, GRANTS_USAGE, parseGrantsOptions, UsageError } from './options'
import { messageOf } from '@/domain/message-of'

function main(argv: string[]): void {
  if (asksForHelp(argv)) {
    process.stdout.write(`${GRANTS_USAGE}\n`)
    return
  }
  const options = parseGrantsOptions(argv)
  // Anything but a PostgreSQL or MariaDB/MySQL URL is a SQLite file to the server.
  const parsed = URL.canParse(options.database) ? new URL(options.database) : null
  const engine =
    parsed === null
      ? null
      : /^postgres(ql)?:$/.test(parsed.protocol)
        ? 'postgres'
        : /^(mysql|mariadb):$/.test(parsed.protocol)
          ? 'mysql'
          : null
  if (parsed === null || engine === null) {
    throw new UsageError(
      'Grants are for PostgreSQL and MariaDB/MySQL; a SQLite file is opened read-only.',
    )
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''))
  process.stdout.write(`${grantStatements(engine, options.user, database).join('\n')}\n`)
}

try {
  main(process.argv.slice(2))
} catch (error) {
  process.stderr.write(`${messageOf(error)}\n`)
  if (error instanceof UsageError) process.stderr.write(`${GRANTS_USAGE}\n`)
  process.exit(error instanceof UsageError ? 2 : 1)
}
