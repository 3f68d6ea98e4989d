/**
 * The frame around every page: skip link, header (logo, language switch, main menu, 'you are here'),
 * main content, the 'Vragen?' box, the footer and the floating feedback button (doc 1 §2 'Header', doc 2 §2).
 */
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'wouter';
import { FeedbackButton } from '../feedback/FeedbackButton';
import { focusMain, MAIN_CONTENT_ID } from '../focus';
import { useT } from '../i18n';
import { usePortal } from '../portal';
import { ROUTE_TABLE, type Scenario } from '../routes';
import { LanguageSwitch } from './LanguageSwitch';
import '../visuallyHidden.css';
import './layout.css';
import { applicationNameOf } from '../pageTitle';

export interface LayoutFlow {
  /** The flow name of the 'you are here' line (`headerName` from the flow index). */
  headerName: string;
  /** Where the logo leads: the flow path without step and confirmation segments. */
  startUrl: string;
}

export interface LayoutProps {
  scenario: Scenario;
  flow?: LayoutFlow;
  children: ReactNode;
}

function SkipLink() {
  const t = useT();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Focus <main> ourselves: works the same in every browser and leaves the URL (and router) alone.
    if (focusMain()) event.preventDefault();
  };
  return (
    <a className="utrecht-skip-link utrecht-skip-link--visible-on-focus" href={`#${MAIN_CONTENT_ID}`} onClick={onClick}>
      {t('shell.skipLink')}
    </a>
  );
}

function isPortalPath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

function Logo({ href, flow }: { href: string; flow: boolean }) {
  const t = useT();
  // The alternative text names the wordmark and where the link goes.
  const alt = `${t('shell.logo.alt')}, ${t(flow ? 'shell.logo.toFlowStart' : 'shell.logo.toHome')}`;
  const content = <img className="portal-logo__image" src="/logo.svg" alt={alt} width={220} height={48} />;
  return isPortalPath(href) ? (
    <Link href={href} className="portal-logo">
      {content}
    </Link>
  ) : (
    <a href={href} className="portal-logo">
      {content}
    </a>
  );
}

export function Layout({ scenario, flow, children }: LayoutProps) {
  const t = useT();
  const { config } = usePortal();
  const links = config?.links[scenario];
  const domain = t(`shell.domain.${scenario}`);
  const homeHref = flow ? flow.startUrl : config?.environment === 'production' ? (links?.home ?? '/') : ROUTE_TABLE.home;

  return (
    <div className="utrecht-theme portal-theme utrecht-document portal-page">
      <SkipLink />
      <header className="utrecht-page-header portal-header">
        <div className="portal-header__top portal-container">
          <Logo href={homeHref} flow={flow !== undefined} />
          <LanguageSwitch />
        </div>
        {links && (
          <nav className="utrecht-nav-bar portal-menu" aria-label={t('shell.nav.label')}>
            <div className="portal-container">
              <ul className="utrecht-nav-list portal-menu__list">
                <li className="utrecht-nav-list__item">
                  <a className="utrecht-link utrecht-nav-list__link portal-menu__link" href={links.home}>
                    {t('shell.nav.home')}
                  </a>
                </li>
                <li className="utrecht-nav-list__item">
                  <a className="utrecht-link utrecht-nav-list__link portal-menu__link" href={links.contact}>
                    {t('shell.nav.contact')}
                  </a>
                </li>
              </ul>
            </div>
          </nav>
        )}
        <div className="portal-container">
          <p className="utrecht-paragraph portal-you-are-here">
            <span className="portal-you-are-here__label">{t('shell.header.youAreHere')}</span> <span className="portal-you-are-here__item">{domain}</span>
            {flow && (
              <>
                {' '}
                <span className="portal-you-are-here__separator" aria-hidden="true">
                  ›
                </span>{' '}
                <span className="portal-you-are-here__item">{flow.headerName}</span>
              </>
            )}
          </p>
        </div>
      </header>

      <div className="utrecht-page-body portal-body">
        <div className="portal-container portal-body__grid">
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className="portal-main">
            {children}
          </main>
          {links && (
            <aside className="portal-aside" aria-labelledby="portal-questions-heading">
              <h2 id="portal-questions-heading" className="utrecht-heading-2 portal-aside__heading">
                {t('shell.questions.title')}
              </h2>
              <p className="utrecht-paragraph">{t('shell.questions.text')}</p>
              <p className="utrecht-paragraph">
                <a className="utrecht-link" href={links.contact}>
                  {t(`shell.questions.link.${scenario}`)}
                </a>
              </p>
            </aside>
          )}
        </div>
      </div>

      <footer className="utrecht-page-footer portal-footer">
        <div className="utrecht-page-footer__content portal-container">
          <p className="utrecht-paragraph portal-footer__name">{applicationNameOf(config, t, scenario)}</p>
          {links && (
            <nav aria-label={t('shell.footer.label')}>
              <ul className="portal-footer__links">
                <li>
                  <a className="utrecht-link" href={links.home}>
                    {`${t('shell.nav.home')} ${domain}`}
                  </a>
                </li>
                <li>
                  <a className="utrecht-link" href={links.contact}>
                    {t('shell.nav.contact')}
                  </a>
                </li>
              </ul>
            </nav>
          )}
        </div>
      </footer>
      <FeedbackButton />
    </div>
  );
}
