/** Where the holder of a reset code sets a new password (without signing in), and the link to it with the code. */
export const SET_PASSWORD_PATH = '/beheer/wachtwoord-instellen';

/** The code goes after '#': browsers never send that part to a server, so no log or Referer holds it. */
export const setPasswordLink = (origin: string, code: string) => `${origin}${SET_PASSWORD_PATH}#code=${encodeURIComponent(code)}`;
