// Public entry of the Breadcrumb component folder.
export { Breadcrumb, type BreadcrumbItem, type BreadcrumbProps } from './Breadcrumb';
