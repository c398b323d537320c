import { createServer, type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

/** The settings this project's queries set, passed on; the client's own others are ignored. */
const PASSED = new Set([
  'output_format_json_quote_64bit_integers',
  'do_not_merge_across_partitions_select_final',
])

const literal = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * For tests of the HTTP target: ClickHouse's HTTP interface as `@clickhouse/client` speaks it
 * (the statement in `query` or the body, data after it, `param_*` and settings in the URL),
 * answered by the embedded engine in `folder`. Parameters and settings become `SET` statements of
 * the engine's session, so the bound values reach it as a ClickHouse server would take them.
 * One request at a time; a failure answers 500 with the engine's message, as a server does.
 */
export async function serveClickHouseHttp(
  folder: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const { Session } = await import('chdb')
  const session = new Session(folder)
  let queue: Promise<unknown> = Promise.resolve()
  const server = createServer((req, res) => {
    const answer = async () => {
      const url = new URL(req.url ?? '/', 'http://clickhouse')
      const body = await bodyOf(req)
      const query = url.searchParams.get('query')
      const statement = query === null ? body : `${query}\n${body}`
      for (const [name, value] of url.searchParams) {
        if (name.startsWith('param_') || PASSED.has(name)) {
          await session.queryBindAsync(`SET ${name} = ${literal(value)}`, {}, { format: 'Null' })
        }
      }
      const result = await session.queryBindAsync(statement, {}, { format: 'JSONEachRow' })
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=UTF-8' })
      res.end(result.text())
    }
    queue = queue.then(answer).catch((error: unknown) => {
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=UTF-8' })
      res.end(error instanceof Error ? error.message : String(error))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      session.close()
    },
  }
}
