// Public entry of the TextInput widget folder.
export { TextInput, EmailInput, TelInput, toValue, type TextInputType } from './TextInput';
