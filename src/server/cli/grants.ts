/**
 * `npm run api:grants -- --database <url> --user <name>`: prints the GRANT statements that give
 * an existing database user exactly the reads the API server needs. It never connects.
 */
import { grantStatements } from '../setup/grants'
import { asksForHelp } from './options'
import { messageOf } from '@/domain/message-of'

const USAGE = `Usage: npm run api:grants -- --database <postgres://…/db | mysql://…/db> --user <name>`

function main(argv: string[]): void {
  if (asksForHelp(argv)) {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  const at = (name: string) => {
    const i = argv.indexOf(`--${name}`)
    return i >= 0 ? argv[i + 1] : undefined
  }
  const url = at('database')
  const user = at('user')
  if (url === undefined || user === undefined) throw new Error(USAGE)
  const parsed = new URL(url)
  const engine = /^postgres(ql)?:$/.test(parsed.protocol)
    ? 'postgres'
    : /^(mysql|mariadb):$/.test(parsed.protocol)
      ? 'mysql'
      : null
  if (engine === null) {
    throw new Error(
      'Grants are for PostgreSQL and MariaDB/MySQL; a SQLite file is opened read-only.',
    )
  }
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ''))
  process.stdout.write(`${grantStatements(engine, user, database).join('\n')}\n`)
}

try {
  main(process.argv.slice(2))
} catch (error) {
  process.stderr.write(`${messageOf(error)}\n`)
  process.exit(2)
}
