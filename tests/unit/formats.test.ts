import { fullFormats } from 'ajv-formats/dist/formats.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EMAIL_PATTERN,
  checkDomainName,
  checkPhone,
  formatChecks,
  formatFailureReason,
  formats,
  isValidBsn,
  parseDutchDate,
  todayInAmsterdam,
} from '../../renderer/core/formats';

const check = (format: string, value: string): true | string => formatChecks[format](value);

/** What ajv-formats (full mode) says of a value of one of its formats. */
const ajvAccepts = (format: 'iso-time' | 'date-time', value: string): boolean =>
  (fullFormats[format] as { validate: (text: string) => boolean }).validate(value);

describe('bsn (8-9 digits, not all zero, eleven-test)', () => {
  it.each(['111222333', '123456782', '10000008', '010000008'])('accepts %s', (value) => {
    expect(isValidBsn(value)).toBe(true);
    expect(check('bsn', value)).toBe(true);
  });

  it('treats an 8-digit BSN as the 9-digit one with a leading zero', () => {
    expect(isValidBsn('10000008')).toBe(isValidBsn('010000008'));
    expect(isValidBsn('10000009')).toBe(false);
  });

  it.each([
    ['all zeros (9)', '000000000'],
    ['all zeros (8)', '00000000'],
    ['wrong check digit', '123456789'],
    ['wrong check digit', '111222334'],
    ['letters', '12345678a'],
    ['letters only', 'abcdefghi'],
    ['7 digits', '1234567'],
    ['10 digits', '1234567820'],
    ['spaces', '123 456 782'],
    ['empty', ''],
  ])('rejects %s: %s', (_name, value) => {
    expect(isValidBsn(value)).toBe(false);
    expect(check('bsn', value)).toBe('invalid');
  });
});

describe('postcode', () => {
  it.each(['1234 AB', '1234AB', '1234ab', '9999 zz', '1000 SC', '1234 SB'])('accepts %s', (value) => {
    expect(check('postcode', value)).toBe(true);
  });

  it.each([
    ['leading zero', '0123 AB'],
    ['SA', '1234 SA'],
    ['SD', '1234 SD'],
    ['SS', '1234 SS'],
    ['ss lower case', '1234 ss'],
    ['Sa mixed case', '1234 Sa'],
    ['sd without space', '1234sd'],
    ['no letters', '1234'],
    ['one letter', '1234 A'],
    ['three letters', '1234 ABC'],
    ['five digits', '12345 AB'],
    ['two spaces', '1234  AB'],
    ['digits as letters', '1234 12'],
  ])('rejects %s: %s', (_name, value) => {
    expect(check('postcode', value)).toBe('invalid');
  });
});

describe('telefoonnummer (strict)', () => {
  it.each([
    ['national mobile', '0612345678'],
    ['national with area code and hyphen', '020-1234567'],
    ['national with parentheses', '(020) 1234567'],
    ['+31 mobile', '+31612345678'],
    ['0031 mobile', '0031612345678'],
    ['0031 with spaces', '0031 20 1234567'],
    ['international >= 10 digits', '+4420 7946 0958'],
  ])('accepts %s: %s', (_name, value) => {
    expect(checkPhone(value)).toBe(true);
    expect(check('telefoonnummer', value)).toBe(true);
  });

  it.each([
    ['+0 prefix', '+0612345678'],
    ['000 prefix', '0001234567890'],
    ['9 digits national', '061234567'],
    ['11 digits national', '06123456789'],
    ['national not starting with 0', '6123456789'],
    ['letters', '06-abcdefgh'],
    ['letters mixed in', '06123x5678'],
    ['+31 with 9 digits after 31', '+3161234567'],
    ['+31 with trunk zero', '+310612345678'],
    ['0031 with 8 digits after 31', '003161234567'],
    ['international under 10 digits', '+44 20 7946'],
    ['empty', ''],
  ])('rejects %s: %s', (_name, value) => {
    expect(checkPhone(value)).toBe('invalid');
  });
});

describe('email', () => {
  it("uses ajv-formats' full e-mail pattern", () => {
    expect(EMAIL_PATTERN.source).toBe((fullFormats.email as RegExp).source);
    expect(EMAIL_PATTERN.flags).toBe((fullFormats.email as RegExp).flags);
  });

  it.each(['jan.jansen@example.nl', 'a+b@sub.example.com', 'info@zorg-instelling.nl'])('accepts %s', (value) => {
    expect(check('email', value)).toBe(true);
  });

  it.each(['jan', 'jan@', '@example.nl', 'jan@example', 'jan jansen@example.nl', 'jan@@example.nl', 'jan@exa mple.nl'])('rejects %s', (value) => {
    expect(check('email', value)).toBe('invalid');
  });

  it('rejects an otherwise well-formed address longer than 254 characters', () => {
    const label = `${'b'.repeat(60)}.`;
    const fits = `a@${label.repeat(4)}nl`; // 248 characters
    const tooLong = `a@${label.repeat(5)}nl`; // 309 characters
    expect(fits.length).toBeLessThanOrEqual(254);
    expect(check('email', fits)).toBe(true);
    expect(tooLong.length).toBeGreaterThan(254);
    expect(check('email', tooLong)).toBe('invalid');
  });
});

describe('uri (an absolute address with its scheme)', () => {
  it.each(['https://www.uziregister.nl', 'http://zorg.example.nl/pad?x=1#deel', 'mailto:info@example.nl', 'urn:uzi-portaal:veld:bsn'])(
    'accepts %s',
    (value) => {
      expect(check('uri', value)).toBe(true);
    },
  );

  it.each(['www.uziregister.nl', 'uziregister', '/pad/naar', 'https://www.uzi register.nl', 'https:', ''])('rejects %j', (value) => {
    expect(check('uri', value)).toBe('invalid');
  });
});

describe('time (a time of day as rjsf stores it)', () => {
  it.each(['14:30:00', '00:00:00', '23:59:59', '09:15:30.5', '14:30:00Z', '14:30:00+01:00', '14:30:00-05:30'])(
    'accepts %s, as ajv-formats’ iso-time does',
    (value) => {
      expect(check('time', value)).toBe(true);
      expect(ajvAccepts('iso-time', value)).toBe(true);
    },
  );

  it.each(['14:30', '24:00:00', '14:60:00', '14:30:61', '1430', '14.30', '14:30:00+24:00', '14:30:00 ', ''])('rejects %j', (value) => {
    expect(check('time', value)).toBe('invalid');
  });
});

describe('date-time (RFC 3339 with its offset, as the date-and-time field stores it)', () => {
  it.each(['2026-03-29T14:30:00+02:00', '2026-01-15T12:00:00+01:00', '2026-10-25T02:30:00+01:00', '2026-03-29T14:30:00.123Z', '2026-03-29t14:30:00z'])(
    'accepts %s, and so does ajv-formats’ date-time',
    (value) => {
      expect(check('date-time', value)).toBe(true);
      expect(ajvAccepts('date-time', value)).toBe(true);
    },
  );

  it.each([
    '2026-06-01T14:30:00',
    '2026-02-30T14:30:00+01:00',
    '2026-03-29T24:00:00+02:00',
    '2026-03-29 14:30:00+02:00',
    '2026-03-29T14:30+02:00',
    '29-03-2026 14:30',
    '29-03-2026 ',
    '',
  ])('rejects %j', (value) => {
    expect(check('date-time', value)).toBe('invalid');
  });

  it('names the spring hour the Dutch clock skips: a wall time without offset that does not exist in the Netherlands', () => {
    expect(check('date-time', '2026-03-29T02:30:00')).toBe('nonexistent');
    expect(check('date-time', '2026-03-29T02:00:00')).toBe('nonexistent');
    expect(check('date-time', '2026-03-29T03:00:00')).toBe('invalid');
    expect(check('date-time', '2026-03-29T01:59:00')).toBe('invalid');
  });
});

describe('date (jjjj-mm-dd), as the date input and the three boxes store it', () => {
  it('accepts a real date, refuses an impossible one, and says when a box was left empty', () => {
    expect(check('date', '1980-03-09')).toBe(true);
    expect(check('date', '2024-02-29')).toBe(true);
    expect(check('date', '2023-02-29')).toBe('invalid');
    expect(check('date', '1980-3-9')).toBe('invalid');
    expect(check('date', '1980--9')).toBe('incomplete');
    expect(check('date', '-3-9')).toBe('incomplete');
    expect(check('date', '--')).toBe('incomplete');
    expect(check('date', '09-03-1980')).toBe('invalid');
  });
});

describe('datum (dd-MM-yyyy)', () => {
  it('parses a real date to UTC midnight', () => {
    expect(parseDutchDate('29-02-2024')?.toISOString()).toBe('2024-02-29T00:00:00.000Z');
    expect(parseDutchDate('01-12-1990')?.toISOString()).toBe('1990-12-01T00:00:00.000Z');
  });

  it.each(['29-02-2024', '01-01-2000', '31-12-1999', '31-01-2023'])('accepts %s', (value) => {
    expect(check('datum', value)).toBe(true);
  });

  it.each([
    ['31 February', '31-02-2024'],
    ['29 February in a non-leap year', '29-02-2023'],
    ['31 April', '31-04-2023'],
    ['day 0', '00-01-2020'],
    ['month 0', '01-00-2020'],
    ['month 13', '01-13-2020'],
    ['not zero-padded', '1-2-2020'],
    ['day not padded', '1-02-2020'],
    ['ISO order', '2020-02-01'],
    ['slashes', '01/02/2020'],
    ['two-digit year', '01-02-20'],
    ['text', 'gisteren'],
  ])('rejects %s: %s', (_name, value) => {
    expect(parseDutchDate(value)).toBeUndefined();
    expect(check('datum', value)).toBe('invalid');
  });
});

describe('datum-verleden (valid and not in the future)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // Local noon, so the test does not depend on the time zone of the machine.
    vi.setSystemTime(new Date(2024, 5, 15, 12, 0, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('allows today and the past', () => {
    expect(check('datum-verleden', '15-06-2024')).toBe(true);
    expect(check('datum-verleden', '14-06-2024')).toBe(true);
    expect(check('datum-verleden', '01-01-1950')).toBe(true);
  });

  it("answers 'future' for tomorrow and later", () => {
    expect(check('datum-verleden', '16-06-2024')).toBe('future');
    expect(check('datum-verleden', '01-01-2025')).toBe('future');
    expect(formatFailureReason('datum-verleden', '16-06-2024')).toBe('future');
    expect(formats['datum-verleden']('16-06-2024')).toBe(false);
  });

  it("answers 'invalid' (not 'future') for a non-existent date", () => {
    expect(check('datum-verleden', '31-02-2024')).toBe('invalid');
    expect(check('datum-verleden', '31-02-2099')).toBe('invalid');
    expect(check('datum-verleden', '1-2-2020')).toBe('invalid');
  });

  it('follows the clock: a future date becomes valid once that day arrives', () => {
    expect(check('datum-verleden', '20-06-2024')).toBe('future');
    vi.setSystemTime(new Date(2024, 5, 20, 0, 30, 0));
    expect(check('datum-verleden', '20-06-2024')).toBe(true);
  });
});

describe('datum-verleden around midnight in Europe/Amsterdam', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  // Each case: the last millisecond before midnight in Amsterdam (UTC), and the date that starts then.
  it.each([
    ['summer time (CEST, UTC+2)', '2024-06-19T21:59:59.999Z', '20-06-2024'],
    ['winter time (CET, UTC+1)', '2024-01-19T22:59:59.999Z', '20-01-2024'],
    ['the day the clocks go forward (23 hours long)', '2024-03-31T21:59:59.999Z', '01-04-2024'],
    ['the day the clocks go back (25 hours long)', '2024-10-27T22:59:59.999Z', '28-10-2024'],
    ['new year', '2024-12-31T22:59:59.999Z', '01-01-2025'],
  ])('%s: the next day is in the future until midnight, then it is today', (_name, lastMillisecond, nextDay) => {
    vi.useFakeTimers();
    // An hour before, so a value kept from earlier in the day is in play when midnight comes.
    vi.setSystemTime(new Date(Date.parse(lastMillisecond) - 3_600_000));
    expect(check('datum-verleden', nextDay)).toBe('future');
    vi.setSystemTime(new Date(lastMillisecond));
    expect(check('datum-verleden', nextDay)).toBe('future');
    vi.advanceTimersByTime(1);
    expect(check('datum-verleden', nextDay)).toBe(true);
  });

  it('is the Dutch date, not the UTC one, for an injected instant', () => {
    // 23:30 UTC on 19 June is 01:30 on 20 June in Amsterdam; 22:30 UTC on 19 January is 23:30 on 19 January there.
    expect(todayInAmsterdam(Date.parse('2024-06-19T23:30:00Z'))).toBe(Date.UTC(2024, 5, 20));
    expect(todayInAmsterdam(Date.parse('2024-01-19T22:30:00Z'))).toBe(Date.UTC(2024, 0, 19));
    expect(todayInAmsterdam(Date.parse('2024-01-19T23:00:00Z'))).toBe(Date.UTC(2024, 0, 20));
    // Back in time works too (a new hour is a new question).
    expect(todayInAmsterdam(Date.parse('2024-06-19T21:00:00Z'))).toBe(Date.UTC(2024, 5, 19));
  });

  it('builds no date formatter per check', () => {
    const construct = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      for (let i = 0; i < 100; i += 1) check('datum-verleden', '01-01-2000');
      expect(construct).not.toHaveBeenCalled();
    } finally {
      construct.mockRestore();
    }
  });
});

describe('kvknummer (exactly 8 digits)', () => {
  it('accepts 8 digits', () => expect(check('kvknummer', '12345678')).toBe(true));
  it.each(['1234567', '123456789', '1234567a', '1234 5678', ''])('rejects %s', (value) => {
    expect(check('kvknummer', value)).toBe('invalid');
  });
});

describe('bignummer (10 or 11 digits)', () => {
  it.each(['1234567890', '12345678901'])('accepts %s', (value) => expect(check('bignummer', value)).toBe(true));
  it.each(['123456789', '123456789012', '12345678a0', ''])('rejects %s', (value) => {
    expect(check('bignummer', value)).toBe('invalid');
  });
});

describe('abonneenummer (5-8 digits, above 10000)', () => {
  it.each(['10001', '12345', '99999999', '1234567'])('accepts %s', (value) => {
    expect(check('abonneenummer', value)).toBe(true);
  });
  it.each([
    ['exactly 10000', '10000'],
    ['five digits but not above 10000', '09999'],
    ['4 digits', '1234'],
    ['9 digits', '123456789'],
    ['letters', '12a45'],
    ['empty', ''],
  ])('rejects %s: %s', (_name, value) => {
    expect(check('abonneenummer', value)).toBe('invalid');
  });
});

describe('domeinnaam (doc 1 §5)', () => {
  it.each(['www.example.nl', 'a.b.c', 'zorg-portaal.example.nl', 'a1.b2.c3', 'mail.local.nl', `${'a'.repeat(59)}.b.c`])('accepts %s', (value) => {
    expect(checkDomainName(value)).toBe(true);
    expect(check('domeinnaam', value)).toBe(true);
  });

  it.each([
    ['only two labels', 'example.nl'],
    ['one label', 'localhost'],
    ['upper case', 'WWW.example.nl'],
    ['empty label', 'www..example.nl'],
    ['trailing dot', 'www.example.nl.'],
    ['leading dot', '.www.example.nl'],
    ['underscore', 'www_x.example.nl'],
    ['scheme', 'https://www.example.nl'],
    ['space', 'www.exam ple.nl'],
    ['.local', 'server.praktijk.local'],
    ['.onion', 'server.praktijk.onion'],
    ['64 characters', `${'a'.repeat(60)}.b.c`],
  ])('rejects %s: %s', (_name, value) => {
    expect(checkDomainName(value)).toBe('invalid');
  });
});

describe('vestigingsnummer (exactly 12 digits)', () => {
  it('accepts 12 digits', () => expect(check('vestigingsnummer', '123456789012')).toBe(true));
  it.each(['12345678901', '1234567890123', '12345678901a'])('rejects %s', (value) => {
    expect(check('vestigingsnummer', value)).toBe('invalid');
  });
});

describe('agbcode (7 or 8 digits)', () => {
  it.each(['1234567', '12345678'])('accepts %s', (value) => expect(check('agbcode', value)).toBe(true));
  it.each(['123456', '123456789', '12345a7', ''])('rejects %s', (value) => {
    expect(check('agbcode', value)).toBe('invalid');
  });
});

describe('huisnummer and huisnummertoevoeging', () => {
  it('huisnummer: digits only, at least 1', () => {
    expect(check('huisnummer', '1')).toBe(true);
    expect(check('huisnummer', '1024')).toBe(true);
    expect(check('huisnummer', '0')).toBe('invalid');
    expect(check('huisnummer', '12a')).toBe('invalid');
    expect(check('huisnummer', '-1')).toBe('invalid');
  });
  it('huisnummertoevoeging: letters, digits, hyphen, space', () => {
    expect(check('huisnummertoevoeging', 'A')).toBe(true);
    expect(check('huisnummertoevoeging', 'bis-2')).toBe(true);
    expect(check('huisnummertoevoeging', 'hs 1')).toBe(true);
    expect(check('huisnummertoevoeging', '!!')).toBe('invalid');
    expect(check('huisnummertoevoeging', '1/2')).toBe('invalid');
  });
});

describe('name character sets', () => {
  it.each([
    ['voornamen', 'José'],
    ['voornamen', 'Anne-Marie'],
    ['voornamen', 'Zoë Élise'],
    ['voornamen', 'Jan Pieter'],
    ['voorletters', 'J.P.'],
    ['voorletters', 'J. P.'],
    ['voorletters', 'É.'],
    ['tussenvoegsel', 'van der'],
    ['tussenvoegsel', "d'"],
    ['achternaam', "d'Ancona"],
    ['achternaam', 'Müller-Lüdenscheidt'],
    ['achternaam', 'Ørsted'],
    ['achternaam', 'Çelik'],
    ['organisatienaam', 'Zorg & Co B.V.'],
    ['organisatienaam', "Huisartsenpraktijk 't Hofje"],
    ['organisatienaam', '3D Tandartsen (Utrecht)'],
  ])('%s accepts %s', (format, value) => {
    expect(check(format, value)).toBe(true);
  });

  it.each([
    ['voornamen', 'Jan2'],
    ['voornamen', '2Jan'],
    ['voornamen', '-Jan'],
    ['voornamen', ''],
    ['voorletters', 'J1'],
    ['tussenvoegsel', 'van 2'],
    ['tussenvoegsel', 'v.d.'],
    ['achternaam', 'Jansen3'],
    ['achternaam', '-Jansen'],
    ['achternaam', 'Jansen!'],
    ['organisatienaam', 'Praktijk <script>'],
  ])('%s rejects %s', (format, value) => {
    expect(check(format, value)).toBe('invalid');
  });
});

describe('formats (ajv pass/fail) and formatFailureReason', () => {
  it('exposes every check as a boolean ajv format', () => {
    expect(Object.keys(formats).sort()).toEqual(Object.keys(formatChecks).sort());
    expect(formats.bsn('123456782')).toBe(true);
    expect(formats.bsn('123456789')).toBe(false);
    expect(formats.postcode('1234 SS')).toBe(false);
  });

  it('answers undefined for a passing value', () => {
    expect(formatFailureReason('bsn', '123456782')).toBeUndefined();
  });

  it('answers the reason for a failing value', () => {
    expect(formatFailureReason('bsn', '123456789')).toBe('invalid');
    expect(formatFailureReason('datum-verleden', '31-02-2020')).toBe('invalid');
  });

  it('answers undefined for an unknown format or a non-string value', () => {
    expect(formatFailureReason('bestaat-niet', 'x')).toBeUndefined();
    expect(formatFailureReason('bsn', 123456782)).toBeUndefined();
    expect(formatFailureReason('bsn', undefined)).toBeUndefined();
  });
});
