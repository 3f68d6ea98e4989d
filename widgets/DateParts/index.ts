// Public entry of the DateParts widget folder.
export { DateParts } from './DateParts';
export { datePartBoxes, storedDateParts, type DatePartBoxes } from './dateParts';
