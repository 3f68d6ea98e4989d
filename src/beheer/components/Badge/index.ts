// Public entry of the Badge component folder.
export { Badge, type BadgeProps, type BadgeVariant } from './Badge';
