// Public entry of the GroupedSelect component folder.
export { GroupedSelect, type GroupedSelectProps } from './GroupedSelect';
export { isOptionGroup, type SelectOption, type SelectOptionGroup } from './options';
