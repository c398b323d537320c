export * from './schema-tree'
