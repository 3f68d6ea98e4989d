// Public entry of the Tabs component folder: in-page tabs and navigation tabs.
export { NavTabs, type NavTabItem, type NavTabsProps } from './NavTabs';
export { tabIndexForKey } from './tabKeys';
export { Tabs, type TabItem, type TabsProps } from './Tabs';
