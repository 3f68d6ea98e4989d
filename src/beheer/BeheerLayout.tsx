/** The frame of every back-office page: skip link, header with the signed-in user, main content. */
import { useState, type MouseEvent, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { NavTabs } from './components/Tabs';
import { LoginBanner, LogoutModal } from './components/LoginBanner';
import { focusMain, MAIN_CONTENT_ID } from '../app/focus';
import type { BeheerUser } from './api';
import { BEHEER_NAME } from './pageTitle';

export interface BeheerLayoutProps {
  user?: BeheerUser;
  onSignOut: () => void;
  children: ReactNode;
}

/** The back office's sections; 'Accounts' only for the role beheerder. */
function BeheerNav({ user }: { user: BeheerUser }) {
  const [location] = useLocation();
  const items = [
    { label: 'Flows', url: '/' },
    { label: 'Feedback', url: '/feedback' },
    ...(user.rollen.includes('beheerder') ? [{ label: 'Accounts', url: '/accounts' }] : []),
    { label: 'Mijn account', url: '/account' },
  ];
  const current = items.find((item) => item.url !== '/' && location.startsWith(item.url))?.url ?? '/';
  return (
    <div className="beheer-nav">
      <NavTabs label="Beheer" items={items} current={current} />
    </div>
  );
}

export function BeheerLayout({ user, onSignOut, children }: BeheerLayoutProps) {
  const [confirming, setConfirming] = useState(false);
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    if (focusMain()) event.preventDefault();
  };
  return (
    <div className="utrecht-theme portal-theme utrecht-document beheer-page">
      <a className="utrecht-skip-link utrecht-skip-link--visible-on-focus" href={`#${MAIN_CONTENT_ID}`} onClick={skip}>
        Direct naar de inhoud
      </a>
      <header className="beheer-header">
        <div className="beheer-container beheer-header__row">
          <Link href="/" className="beheer-header__name">
            {BEHEER_NAME}
          </Link>
        </div>
      </header>
      {user && (
        <div className="beheer-userbar">
          <div className="beheer-container">
            <LoginBanner loginName={user.naam} lastLogin={user.vorigeLogin ? new Date(user.vorigeLogin) : undefined} onLogout={() => setConfirming(true)} />
          </div>
        </div>
      )}
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="beheer-container beheer-main">
        {user && <BeheerNav user={user} />}
        {children}
      </main>
      {confirming && (
        <LogoutModal
          onClose={(result) => {
            setConfirming(false);
            if (result === 'logout') onSignOut();
          }}
        />
      )}
    </div>
  );
}
