/**
 * The custom string formats of the portal (doc 2 §5, doc 1 §5). Each check answers `true` or a
 * reason code; ajv only sees pass/fail, and the message mapper asks the check again for the reason
 * so that one format can carry several Dutch messages (e.g. a birth date that is invalid versus one
 * in the future). Pure functions: the browser, the server and the precompiled validators share them.
 */

import { amsterdamInstant, type WallTime } from './amsterdamTime';

export type FormatCheck = (value: string) => true | string;

const digitsOnly = /^\d+$/;

/**
 * ajv-formats' full e-mail pattern, copied so the browser does not load all of its formats for one
 * regular expression (a unit test keeps the two equal).
 */
export const EMAIL_PATTERN =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/** Weighted eleven-test of a Dutch citizen service number (BSN), 8 or 9 digits. */
export function isValidBsn(value: string): boolean {
  if (!/^\d{8,9}$/.test(value) || /^0+$/.test(value)) return false;
  const digits = value.padStart(9, '0');
  let sum = 48 - digits.charCodeAt(8);
  for (let index = 0; index < 8; index += 1) sum += (digits.charCodeAt(index) - 48) * (9 - index);
  return sum % 11 === 0;
}

const DUTCH_DATE = /^(\d{2})-(\d{2})-(\d{4})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in a month (1-12) of the Gregorian calendar, as Date counts them for every year. */
const daysIn = (month: number, year: number) => (month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : DAYS_IN_MONTH[month - 1]);

/**
 * dd-MM-yyyy as the time of that date's UTC midnight, or undefined when it is not a real calendar
 * date; checked by counting days rather than by building a Date (every birth date of every
 * validation passes here).
 */
function dutchDateTime(value: string): number | undefined {
  const match = DUTCH_DATE.exec(value);
  if (!match) return undefined;
  const day = Number(match[1]);
  const month = Number(match[2]);
  const year = Number(match[3]);
  if (year < 1800 || month < 1 || month > 12 || day < 1 || day > daysIn(month, year)) return undefined;
  return Date.UTC(year, month - 1, day);
}

/** Parses dd-MM-yyyy into a UTC date, or undefined when it is not a real calendar date. */
export function parseDutchDate(value: string): Date | undefined {
  const time = dutchDateTime(value);
  return time === undefined ? undefined : new Date(time);
}

/**
 * The calendar date in the Netherlands; built once (constructing a formatter costs far more than a
 * check), on first use rather than when the page loads (the time zone data it loads is not cheap).
 */
let amsterdamDate: Intl.DateTimeFormat | undefined;

const HOUR_MS = 3_600_000;
let cachedHour = Number.NaN;
let cachedToday = 0;

/**
 * Today in the Netherlands as the UTC midnight of that date, so the browser and the server agree
 * around midnight. Kept for the rest of the current UTC hour: Europe/Amsterdam's offset is a whole
 * number of hours (CET/CEST) and its clock changes at 01:00 UTC, so its date only turns over on a
 * whole UTC hour — any cached value is still today's until the hour ends.
 */
export function todayInAmsterdam(now: number = Date.now()): number {
  const hour = Math.floor(now / HOUR_MS);
  if (hour !== cachedHour) {
    amsterdamDate ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' });
    const parts = amsterdamDate.formatToParts(now);
    const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)?.value);
    cachedToday = Date.UTC(part('year'), part('month') - 1, part('day'));
    cachedHour = hour;
  }
  return cachedToday;
}

// RFC 3339: a time of day (partial-time, a fraction allowed) and an offset.
const CLOCK = '([01]\\d|2[0-3]):([0-5]\\d):([0-5]\\d)(?:\\.\\d+)?';
const ZONE = '(Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)';
/** A time of day as rjsf's time field stores it ('14:30:00'), an offset allowed. */
const TIME = new RegExp(`^${CLOCK}${ZONE}?$`, 'i');
const DATE_TIME = new RegExp(`^(\\d{4})-(\\d{2})-(\\d{2})T${CLOCK}${ZONE}?$`, 'i');

/**
 * The parts of a date and time as RFC 3339 writes it ('2026-03-29T14:30:00+02:00'): its wall time
 * and its offset as written (undefined when it has none), or undefined when it is no real date and
 * time. Stricter than ajv-formats' `date-time`, so what passes here passes there once it has an offset.
 */
export function dateTimeParts(value: string): { wall: WallTime; offset: string | undefined } | undefined {
  const match = DATE_TIME.exec(value);
  if (!match || dutchDateTime(`${match[3]}-${match[2]}-${match[1]}`) === undefined) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  return { wall: { year, month, day, hour, minute, second }, offset: match[7] };
}

/**
 * A date and time with its offset. Without one it names no instant; said apart when the wall time is
 * the Dutch spring hour that does not exist (what the date-and-time field keeps for such a time).
 */
function checkDateTime(value: string): true | string {
  const parts = dateTimeParts(value);
  if (parts?.offset) return true;
  return parts && amsterdamInstant(parts.wall) === undefined ? 'nonexistent' : 'invalid';
}

/**
 * JSON Schema's date (jjjj-mm-dd), as rjsf's date widgets write it. 'incomplete' for a date of
 * three boxes with one left empty ('1980--9'), as the date of three boxes keeps it.
 */
function checkDate(value: string): true | string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value) && dutchDateTime(value.split('-').reverse().join('-')) !== undefined) return true;
  return /^\d*-\d*-\d*$/.test(value) && value.split('-').includes('') ? 'incomplete' : 'invalid';
}

/** Strict Dutch phone check: national numbers have 10 digits, international ones at least 10. */
export function checkPhone(value: string): true | string {
  if (!/^\+?[\d\s()-]+$/.test(value)) return 'invalid';
  const plus = value.trim().startsWith('+');
  const digits = value.replace(/\D/g, '');
  if ((plus && digits.startsWith('0')) || digits.startsWith('000')) return 'invalid';
  if (plus || digits.startsWith('00')) {
    const international = plus ? digits : digits.slice(2);
    if (international.startsWith('31')) return international.length === 11 ? true : 'invalid';
    return international.length >= 10 ? true : 'invalid';
  }
  return digits.length === 10 && digits.startsWith('0') ? true : 'invalid';
}

/** Domain name of a server certificate (doc 1 §5). */
export function checkDomainName(value: string): true | string {
  if (value.length > 63 || !/^[a-z0-9.-]+$/.test(value)) return 'invalid';
  const labels = value.split('.');
  if (labels.length < 3 || labels.some((label) => label.length === 0 || label.length > 63)) return 'invalid';
  if (value.endsWith('.local') || value.endsWith('.onion')) return 'invalid';
  return true;
}

const bool = (ok: boolean): true | string => (ok ? true : 'invalid');

function parsesAsUrl(value: string): boolean {
  try {
    return new URL(value).protocol !== '';
  } catch {
    return false;
  }
}

/** Every format the flow documents may name, by name. */
export const formatChecks: Record<string, FormatCheck> = {
  bsn: (v) => bool(isValidBsn(v)),
  postcode: (v) => bool(/^[1-9]\d{3} ?(?!sa|sd|ss)[a-z]{2}$/i.test(v)),
  telefoonnummer: checkPhone,
  email: (v) => bool(v.length <= 254 && EMAIL_PATTERN.test(v)),
  datum: (v) => bool(dutchDateTime(v) !== undefined),
  // JSON Schema's own date (yyyy-mm-dd), as rjsf's 'date' widget writes it: the date input shows it dd-mm-jjjj.
  date: checkDate,
  time: (v) => bool(TIME.test(v)),
  'date-time': checkDateTime,
  'datum-verleden': (v) => {
    const time = dutchDateTime(v);
    if (time === undefined) return 'invalid';
    return time > todayInAmsterdam() ? 'future' : true;
  },
  kvknummer: (v) => bool(/^\d{8}$/.test(v)),
  bignummer: (v) => bool(/^\d{10,11}$/.test(v)),
  abonneenummer: (v) => bool(/^\d{5,8}$/.test(v) && Number(v) > 10000),
  domeinnaam: checkDomainName,
  vestigingsnummer: (v) => bool(/^\d{12}$/.test(v)),
  agbcode: (v) => bool(/^\d{7,8}$/.test(v)),
  huisnummer: (v) => bool(digitsOnly.test(v) && Number(v) >= 1),
  huisnummertoevoeging: (v) => bool(/^[\p{L}\d -]+$/u.test(v)),
  voornamen: (v) => bool(/^[\p{L}][\p{L}\p{M} .'-]*$/u.test(v)),
  voorletters: (v) => bool(/^([\p{L}]\.?\s?)+$/u.test(v)),
  tussenvoegsel: (v) => bool(/^[\p{L}\p{M}'\s-]+$/u.test(v)),
  achternaam: (v) => bool(/^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u.test(v)),
  organisatienaam: (v) => bool(/^[\p{L}\p{M}\d][\p{L}\p{M}\d .,&'()+/@-]*$/u.test(v)),
  // JSON Schema's uri, as rjsf's URL field takes it: an absolute address with its scheme, no spaces.
  uri: (v) => bool(/^[a-z][a-z\d+.-]*:\S+$/i.test(v) && parsesAsUrl(v)),
};

/** ajv format definitions (pass/fail) derived from the checks, for the compiler and the precompiled code. */
export const formats: Record<string, (value: string) => boolean> = Object.fromEntries(
  Object.entries(formatChecks).map(([name, check]) => [name, (value: string) => check(value) === true]),
);

/** The reason a value fails `format`, or undefined when it passes (or the format is unknown). */
export function formatFailureReason(format: string, value: unknown): string | undefined {
  const check = formatChecks[format];
  if (!check || typeof value !== 'string') return undefined;
  const result = check(value);
  return result === true ? undefined : result;
}
