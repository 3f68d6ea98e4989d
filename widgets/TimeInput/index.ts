// Public entry of the TimeInput widget folder.
export { TimeInput } from './TimeInput';
export { fromStoredTime, maskTime, padTime, toStoredTime, typedTime } from './timeText';
