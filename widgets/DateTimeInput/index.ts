// Public entry of the DateTimeInput widget folder.
export { DateTimeInput } from './DateTimeInput';
export { dateTimeBoxes, storedDateTime, type DateTimeBoxes } from './dateTimeValue';
