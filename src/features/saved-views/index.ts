export { SavedViews, type SavedViewsProps } from './saved-views'
