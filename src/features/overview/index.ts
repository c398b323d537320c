export { Overview, type OverviewProps } from './overview'
export type { EffectParamsChange } from './decision-controls'
