export * from './wilson'
