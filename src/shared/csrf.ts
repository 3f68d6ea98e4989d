/**
 * The double-submit names both sides must agree on: the server sets the readable cookie, the
 * browser echoes its value in the header on every state-changing call (HTTP header names are
 * case-insensitive; the server reads them in lower case).
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
