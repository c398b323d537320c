/**
 * MSW's cookie store (created when `msw` is first imported) insists on a `localStorage` in
 * browser-like places, and a Web Worker has none. An empty object satisfies it: MSW then keeps
 * cookies in memory only. Imported before `msw` by `worker-fetch.ts`.
 */
if (!('localStorage' in globalThis)) {
  Object.defineProperty(globalThis, 'localStorage', { value: {}, configurable: true })
}
