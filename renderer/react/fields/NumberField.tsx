/** rjsf's field for numbers, loaded when a form first shows one (see ./index.ts): most steps have none. */
export { default } from '@rjsf/core/lib/components/fields/NumberField.js';
