/** The part of autocannon's API the load bench uses (the package ships no types). */
declare module 'autocannon' {
  export interface Request {
    method?: string
    path?: string
    headers?: Record<string, string>
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request | null
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void
  }
  export interface Options {
    url: string
    connections?: number
    amount?: number
    duration?: number
    timeout?: number
    pipelining?: number
    requests?: Request[]
  }
  export interface Histogram {
    average: number
    p50: number
    p99: number
    max: number
    total: number
  }
  export interface Result {
    statusCodeStats: Record<string, { count: number }>
    duration: number
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
    latency: Histogram
    requests: Histogram
    throughput: Histogram
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
