/**
 * What the browser's routes and the server check of a saved application's link and mail address
 * (a file of its own, so the portal's first script does not carry the packing code next to it).
 */

/** The id in a resume link (`/verder/<id>`): 16 random bytes, base64url. */
export const RESUME_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** An e-mail address the resume link may be sent to (the save page and the server check the same). */
export const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,189}\.[^\s@]{2,}$/;
