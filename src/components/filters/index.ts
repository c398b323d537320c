export { FilterBar, type FilterBarProps } from './filter-bar'
export { ToolPicker, type ToolOption, type ToolPickerProps } from './tool-picker'
export { ZonePicker } from './zone-picker'
export { toolOptions } from './tool-options'
