// The date and time widgets, loaded together when a step first shows one: they share their typing
// code (timeText, useBoxes), and one chunk keeps the first script's list of chunks short.
export { DateParts } from './DateParts/DateParts';
export { DateTimeInput } from './DateTimeInput/DateTimeInput';
export { TimeInput } from './TimeInput/TimeInput';
