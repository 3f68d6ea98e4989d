// Public entry of the DateInput widget folder.
export { DateInput, maskDate, padDate, cleanDate, toIsoDate, fromIsoDate } from './DateInput';
