export { Checker, type CheckerProps } from './checker'
