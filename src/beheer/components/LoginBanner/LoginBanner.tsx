/**
 * Who is signed in: 'Ingelogd als …', when they last signed in and the 'Uitloggen' button. The
 * button only asks to log out (onLogout); the caller decides what follows, e.g. a {@link LogoutModal}.
 */
import { Button } from '@utrecht/button-react';
import { formatLoginMoment } from './formatLogin';
import './loginBanner.css';

/** Props of {@link LoginBanner}. */
export interface LoginBannerProps {
  loginName: string;
  lastLogin?: Date;
  /** Show the 'Uitloggen' button (default true). */
  showLogout?: boolean;
  onLogout(): void;
}

/** The signed-in user's name, the previous login in Dutch time and the logout button. */
export function LoginBanner({ loginName, lastLogin, showLogout = true, onLogout }: LoginBannerProps) {
  return (
    <div className="portal-login-banner">
      <div className="portal-login-banner__text">
        <p className="portal-login-banner__user">Ingelogd als {loginName}</p>
        {lastLogin ? (
          <p className="portal-login-banner__last">
            Laatst ingelogd op <time dateTime={lastLogin.toISOString()}>{formatLoginMoment(lastLogin)}</time>
          </p>
        ) : null}
      </div>
      {showLogout ? (
        <Button appearance="secondary-action-button" className="portal-login-banner__logout" onClick={onLogout}>
          Uitloggen
        </Button>
      ) : null}
    </div>
  );
}
