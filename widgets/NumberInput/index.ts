// Public entry of the NumberInput widget folder.
export { NumberInput, parseNumber, formatNumber } from './NumberInput';
