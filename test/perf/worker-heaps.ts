import type { Browser } from 'playwright-core'

/** One worker's JS heap after a full collection. */
export interface WorkerHeap {
  type: string
  url: string
  usedBytes: number
}

interface TargetInfo {
  targetId: string
  type: string
  url: string
}

const WORKER_TYPES = new Set(['worker', 'shared_worker', 'service_worker'])
const REPLY_TIMEOUT_MS = 30_000

/**
 * The used JS heap of every worker the browser runs (the load worker folds in its own heap,
 * which `performance.memory` of the page does not see), each measured after a full collection.
 * Talks to each worker through the browser's CDP session: Playwright opens no CDP session on a
 * worker, so the messages go through `Target.sendMessageToTarget`.
 */
export async function workerHeaps(browser: Browser): Promise<WorkerHeap[]> {
  const cdp = await browser.newBrowserCDPSession()
  try {
    const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: TargetInfo[] }
    const heaps: WorkerHeap[] = []
    for (const target of targetInfos.filter((t) => WORKER_TYPES.has(t.type))) {
      const { sessionId } = (await cdp.send('Target.attachToTarget', {
        targetId: target.targetId,
        flatten: false,
      })) as { sessionId: string }
      const usage = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no heap usage from ${target.url}`)),
          REPLY_TIMEOUT_MS,
        )
        cdp.on('Target.receivedMessageFromTarget', (event) => {
          if (event.sessionId !== sessionId) return
          const message = JSON.parse(event.message) as {
            id?: number
            result?: { usedSize: number }
          }
          if (message.id !== 2 || message.result === undefined) return
          clearTimeout(timer)
          resolve(message.result.usedSize)
        })
      })
      const send = (id: number, method: string) =>
        cdp.send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id, method }),
        })
      await send(1, 'HeapProfiler.collectGarbage')
      await send(2, 'Runtime.getHeapUsage')
      heaps.push({ type: target.type, url: target.url, usedBytes: await usage })
      await cdp.send('Target.detachFromTarget', { sessionId })
    }
    return heaps
  } finally {
    await cdp.detach()
  }
}
