/**
 * Navigation that looks like tabs: sibling pages of one record (e.g. 'Gegevens', 'Geschiedenis'),
 * each a real link, the current page marked with `aria-current`. For switching content within one
 * page use {@link Tabs} instead.
 */
import { Link } from 'wouter';
import './tabs.css';

/** One page in {@link NavTabs}; `url` is a path within the router's base. */
export interface NavTabItem {
  label: string;
  url: string;
}

/** Props of {@link NavTabs}. */
export interface NavTabsProps {
  items: NavTabItem[];
  /** Url of the current page. */
  current: string;
  /** Accessible name of the navigation landmark. */
  label: string;
}

/** A `<nav>` with a list of links; the one whose url is `current` has `aria-current="page"`. */
export function NavTabs({ items, current, label }: NavTabsProps) {
  return (
    <nav aria-label={label} className="portal-tabs">
      <ul className="portal-tabs__list portal-tabs__list--nav">
        {items.map((item) => (
          <li key={item.url}>
            <Link href={item.url} aria-current={item.url === current ? 'page' : undefined} className="portal-tabs__tab">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
