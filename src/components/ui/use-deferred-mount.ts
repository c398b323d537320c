import { useDeferredValue } from 'react'

/**
 * Whether a heavy part of a page may show: `ready`, but turning true only in a transition. When a
 * page opens or its data arrives (both synchronous updates in React), the heavy part is then
 * mounted in a second render that React does in slices, never as one long task (decision 0011); the
 * page's light parts (title, states) show at once. Turning false is immediate.
 */
export function useDeferredMount(ready: boolean): boolean {
  return useDeferredValue(ready, false) && ready
}
