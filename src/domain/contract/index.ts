import { z } from 'zod'

// zod probes whether it may compile validators with `new Function`; under the strict
// Content-Security-Policy that probe is reported as a violation. Interpreted parsing is enough.
z.config({ jitless: true })

export * from './instant'
export * from './meta'
export * from './run'
export * from './tool'
export * from './error-body'
