// Public entry of the PasswordInput widget folder.
export { PasswordInput } from './PasswordInput';
