// Public entry of the Alert component folder.
export { Alert, type AlertProps, type AlertType } from './Alert';
