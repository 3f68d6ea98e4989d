// Public entry of the Typeahead component folder.
export { Typeahead, type TypeaheadProps } from './Typeahead';
export { filterItems, invalidMessage, matchItem, resultCountText, searchItems, type TypeaheadItem, type TypeaheadSource } from './items';
