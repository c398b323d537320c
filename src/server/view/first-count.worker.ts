/**
 * The first count of an installation, in a worker thread that ends once the view is saved
 * (decision 0022): what the count leaves behind — its garbage, a grown heap, its database
 * readers — goes with the thread, and the server takes the view up from the file as after a
 * restart. Messages out: `{ progress }` while counting, `{ log }` for each log line.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { openDatabase } from '../db/open-database'
import type { FirstCountJob } from './count-in-worker'
import { SummaryView } from './summary-view'

const job = workerData as FirstCountJob
const db = openDatabase(job.database, job.open)
try {
  const view = new SummaryView(db, {
    file: job.file,
    database: job.identity,
    log: (line) => parentPort?.postMessage({ log: line }),
  })
  const reporting = setInterval(() => parentPort?.postMessage({ progress: view.progress }), 250)
  try {
    await view.ready()
    await view.flush()
  } finally {
    clearInterval(reporting)
  }
} finally {
  await db.close()
}
