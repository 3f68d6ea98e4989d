/**
 * Tabs (WAI-ARIA tabs pattern): a tab list with one tab stop (roving tabindex), arrow keys, Home and
 * End moving focus and selecting, and one visible panel. Every panel stays rendered (hidden), so
 * what is typed in one tab survives a switch; a panel marked `lazy` is rendered from the first time
 * its tab is chosen (a heavy editor is then loaded only when wanted). Horizontal from 48em (768px), stacked below.
 */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { tabIndexForKey } from './tabKeys';
import './tabs.css';

/** One tab and its panel. */
export interface TabItem {
  id: string;
  title?: string;
  /** Text on the tab; default `title`. */
  tabTitle?: string;
  /** Heading shown at the top of the panel. */
  heading?: string;
  content: ReactNode;
  /** Render the content only once the tab has been chosen (and keep it from then on). */
  lazy?: boolean;
}

/** Props of {@link Tabs}. */
export interface TabsProps {
  tabs: TabItem[];
  /** Id of the selected tab; without it the component keeps the selection itself (first tab at the start). */
  selected?: string;
  onSelect?(id: string): void;
  /** Accessible name of the tab list. */
  label: string;
  /** Level of the panel headings (default 2). */
  headingLevel?: 2 | 3 | 4;
}

/** The tab list and the panels; throws when a tab has no id. */
export function Tabs({ tabs, selected, onSelect, label, headingLevel = 2 }: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState(tabs[0]?.id);
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const missing = tabs.findIndex((tab) => !tab.id);
  if (missing >= 0) throw new Error(`Tabs: tabblad ${missing + 1} heeft geen id`);
  const wanted = selected ?? own;
  const current = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === wanted),
  );
  const Heading = `h${headingLevel}` as const;
  const shown = tabs[current]?.id;
  if (shown !== undefined && !opened.has(shown)) setOpened(new Set(opened).add(shown));

  const select = (index: number) => {
    const id = tabs[index].id;
    setOwn(id);
    if (id !== tabs[current].id) onSelect?.(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = tabIndexForKey(event.key, current, tabs.length);
    if (target === undefined) return;
    event.preventDefault();
    select(target);
    buttons.current[target]?.focus();
  };

  return (
    <div className="portal-tabs">
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus -- focus goes to the tabs themselves (roving tabindex); the list hears their arrow keys */}
      <div role="tablist" aria-label={label} className="portal-tabs__list" onKeyDown={onKeyDown}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            aria-selected={index === current}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === current ? 0 : -1}
            className="portal-tabs__tab"
            onClick={() => select(index)}
          >
            {tab.tabTitle ?? tab.title}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          aria-labelledby={`${baseId}-tab-${index}`}
          tabIndex={0}
          hidden={index !== current}
          className="portal-tabs__panel"
        >
          {tab.heading ? <Heading className={`utrecht-heading-${headingLevel} portal-tabs__heading`}>{tab.heading}</Heading> : null}
          {!tab.lazy || opened.has(tab.id) || index === current ? tab.content : null}
        </div>
      ))}
    </div>
  );
}
