/**
 * Breadcrumb trail ('kruimelpad'): where the current page sits in the site's hierarchy. The last item
 * is the current page and no link; the separators are drawn by CSS, so screen readers do not read them.
 */
import { Link } from 'wouter';
import './breadcrumb.css';

/** One step of the trail; `url` is a path within the router's base (wouter `Link`). */
export interface BreadcrumbItem {
  label: string;
  url: string;
}

/** Props of {@link Breadcrumb}. */
export interface BreadcrumbProps {
  items: BreadcrumbItem[];
  /** Text of an optional first item that links to `rootUrl`. */
  rootLabel?: string;
  rootUrl?: string;
  /** Accessible name of the navigation landmark. */
  label?: string;
}

/** A `<nav>` with an ordered list of links; the last item is the current page (`aria-current="page"`). */
export function Breadcrumb({ items, rootLabel, rootUrl = '/', label = 'kruimelpad' }: BreadcrumbProps) {
  const trail = rootLabel ? [{ label: rootLabel, url: rootUrl }, ...items] : items;
  if (trail.length === 0) return null;
  return (
    <nav aria-label={label} className="portal-breadcrumb">
      <ol className="portal-breadcrumb__list">
        {trail.map((item, index) => (
          <li key={`${index}-${item.url}`} className="portal-breadcrumb__item">
            {index === trail.length - 1 ? (
              <span aria-current="page" className="portal-breadcrumb__current">
                {item.label}
              </span>
            ) : (
              <Link href={item.url} className="utrecht-link portal-breadcrumb__link">
                {item.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
