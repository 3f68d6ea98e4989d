// Public entry of the DateInput widget folder.
export { DateInput, maskDate, padDate, cleanDate } from './DateInput';
