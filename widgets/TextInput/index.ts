// Public entry of the TextInput widget folder.
export { TextInput, EmailInput, TelInput, UrlInput, toValue, type TextInputType } from './TextInput';
