import { folderFor } from './folder-specs'
import { InThreadRunner } from './in-thread-runner'
import { encodeError, encodeSummary } from './transfer'
import type { FromWorker, ToWorker, WorkerDemo } from './worker-protocol'

export interface WorkerHostOptions {
  post: (message: FromWorker) => void
  /** The fetch a demo build's worker uses (its mock installation); null = the network. */
  demoFetch?: (demo: WorkerDemo) => Promise<typeof fetch>
}

/**
 * The worker's side of {@link WorkerRunner}: runs each job with {@link InThreadRunner} and posts its
 * states, summaries as patches. Messages are handled strictly in order.
 */
export function createWorkerHost({ post, demoFetch }: WorkerHostOptions) {
  const runner = new InThreadRunner(folderFor, true)
  let fetchFn: typeof fetch | undefined
  let queue = Promise.resolve()

  async function handle(message: ToWorker) {
    switch (message.type) {
      case 'demo':
        if (demoFetch) fetchFn = await demoFetch(message.demo)
        return
      case 'start': {
        const { job } = message
        let posted: unknown = null
        void runner
          .start({ ...job, config: { ...job.config, fetchFn } }, (state) => {
            const summary = encodeSummary(job.spec.kind, posted, state.summary)
            posted = state.summary
            post({
              type: 'update',
              id: job.id,
              state: { ...state, summary, error: encodeError(state.error) },
            })
          })
          .finally(() => post({ type: 'end', id: job.id }))
        return
      }
      case 'abort':
        runner.abort(message.id)
        return
      case 'forget':
        runner.forget(message.id)
        return
      case 'fetch': {
        const { id, url } = message
        try {
          const answer = await (fetchFn ?? fetch)(url, { headers: { Accept: 'application/json' } })
          const headers = [...answer.headers.entries()]
          const body = await answer.arrayBuffer()
          post({ type: 'fetched', id, status: answer.status, headers, body })
        } catch {
          post({ type: 'fetch-failed', id })
        }
      }
    }
  }

  return (message: ToWorker) => {
    // A message that fails (a demo installation that cannot be built) never blocks the next.
    queue = queue.then(() => handle(message)).catch((error: unknown) => console.error(error))
  }
}
