import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { MockRun } from '@/mocks/installation'
import { createListedInstallation } from '@/mocks/variants'
import type { Database, Engine } from '../db/database'
import { openDatabase } from '../db/open-database'
import { generatedMeta } from '../testing/reseed'
import { serveSeeded, type SeededServer } from '../testing/serve-seeded'
import { openClickHouse, type ClickHouse } from './clickhouse'

/** For the fleet's tests: one installation's server on an engine, and an embedded ClickHouse. */
export interface FleetFixture {
  served: SeededServer
  writer: Database
  reader: Database
  ch: ClickHouse
  stop(): Promise<void>
}

/**
 * The server over `runs` (a generated installation) on `engine`, and ClickHouse in a folder of its
 * own (close one fixture before the next: one embedded ClickHouse at a time).
 */
export async function startFleetFixture(
  runs: MockRun[],
  engine: Engine = 'sqlite',
): Promise<FleetFixture> {
  const served = await serveSeeded(
    engine,
    createListedInstallation({ meta: generatedMeta(), tools: [], runs }),
  )
  const writer = openDatabase(served.databaseUrl, { write: true })
  const reader = openDatabase(served.databaseUrl, { write: false })
  const folder = mkdtempSync(join(tmpdir(), 'rd-fleet-'))
  const ch = await openClickHouse(`chdb:${folder}`)
  return {
    served,
    writer,
    reader,
    ch,
    async stop() {
      await ch.close()
      await reader.close()
      await writer.close()
      await served.stop()
      rmSync(folder, { recursive: true, force: true })
    },
  }
}
