/**
 * The first count of an installation, in a child process that exits once the view is saved
 * (decision 0022): what the count leaves behind — its garbage, a grown heap, its database
 * readers — goes with the process, and the server takes the view up from the file as after a
 * restart. In: the job, as the first message. Out: `{ progress }` while counting, `{ log }` for
 * each log line, `{ failed }` before a failure's exit.
 */
import { openDatabase } from '../db/open-database'
import { messageOf } from '@/domain/message-of'
import type { FirstCountJob, FirstCountMessage } from './count-in-child'
import { SummaryView } from './summary-view'

const tell = (message: FirstCountMessage, then?: () => void) =>
  process.send?.(message, undefined, {}, then)

/** Counts and saves the view; the database closed in every case. */
async function count(job: FirstCountJob): Promise<void> {
  const db = openDatabase(job.database, job.open)
  try {
    const view = new SummaryView(db, {
      file: job.file,
      database: job.identity,
      log: (line) => tell({ log: line }),
    })
    const reporting = setInterval(() => tell({ progress: view.progress }), 250)
    try {
      await view.ready()
      await view.flush()
    } finally {
      clearInterval(reporting)
    }
  } finally {
    await db.close()
  }
}

// A server that went away takes its count with it.
process.once('disconnect', () => process.exit(1))
process.once('message', (job: FirstCountJob) => {
  count(job).then(
    // Exits once the messages before are written.
    () => tell({ progress: null }, () => process.exit(0)),
    (error: unknown) => tell({ failed: messageOf(error) }, () => process.exit(1)),
  )
})
