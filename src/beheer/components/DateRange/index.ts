// Public entry of the DateRange component folder.
export { DateRange, type DateRangeProps } from './DateRange';
export { END_BEFORE_START, dateRangeError, parseIsoDate, type DateRangeValue } from './dates';
