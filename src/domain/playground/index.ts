export * from './parse-json'
export * from './playground-state'
export * from './examples'
