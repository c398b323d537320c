import { createListedInstallation } from '@/mocks/variants'
import type { Database, Engine } from '../db/database'
import { openDatabase } from '../db/open-database'
import { seedInstallation } from '../seed/seed-installation'
import { createTestDatabase } from './engines'

export interface EmptyTables {
  url: string
  /** Writes as the CMS would. */
  writer: Database
  /** Reads as the API server does (read-only). */
  reader: Database
  close(): Promise<void>
}

/** A new database on `engine` with the CMS's tables and no runs, for tests that write as they go. */
export async function createEmptyTables(engine: Engine): Promise<EmptyTables> {
  const database = await createTestDatabase(engine)
  const writer = openDatabase(database.url, { write: true })
  await seedInstallation(
    writer,
    createListedInstallation({
      meta: {
        installation: 'Written by the test',
        privacyLevel: 'metadata',
        earliestAt: null,
        latestAt: null,
        retentionDays: null,
        argumentCheckSince: null,
      },
      tools: [],
      runs: [],
    }),
  )
  const reader = openDatabase(database.url, { write: false })
  return {
    url: database.url,
    writer,
    reader,
    close: async () => {
      await reader.close()
      await writer.close()
      await database.drop()
    },
  }
}
