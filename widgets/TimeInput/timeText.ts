// The typed form of a time of day, 'UU:MM' on a 24-hour clock, and its stored form 'HH:MM:00' (as
// rjsf's TimeWidget stores it). Shared by the time field and the date-and-time field.

const TYPED_TIME = /^(\d{2}):(\d{2})$/;

/**
 * Formats text typed at the end of the field: at most 2 hour and 2 minute digits with ':' between
 * ('.' and spaces become ':', as in '14.30'); a first digit above 2 is an hour of its own ('9' is
 * '09'). With `autoSeparator` the ':' is added as soon as the hour is complete.
 */
export function maskTime(raw: string, autoSeparator: boolean): string {
  let hours = '';
  let minutes = '';
  let inMinutes = false;
  for (const char of raw.replace(/[.\s]/g, ':').replace(/[^0-9:]/g, '')) {
    if (char === ':') {
      if (hours !== '') inMinutes = true;
    } else if (inMinutes || hours.length === 2) {
      inMinutes = true;
      if (minutes.length < 2) minutes += char;
    } else hours = hours === '' && char > '2' ? `0${char}` : hours + char;
  }
  if (autoSeparator && hours.length === 2) inMinutes = true;
  return inMinutes ? `${hours}:${minutes}` : hours;
}

/** Pads a one-digit hour: '9:30' becomes '09:30'. */
export function padTime(text: string): string {
  return /^\d:/.test(text) ? `0${text}` : text;
}

/** Hours and minutes of a complete, existing typed time ('14:30'), else undefined. */
export function typedTime(text: string): { hour: number; minute: number } | undefined {
  const match = TYPED_TIME.exec(text);
  if (!match) return undefined;
  const [hour, minute] = [Number(match[1]), Number(match[2])];
  return hour < 24 && minute < 60 ? { hour, minute } : undefined;
}

/** The stored form of typed text: '14:30' is '14:30:00'; other text stays as typed, so the format check reports it. */
export function toStoredTime(typed: string): string {
  return typedTime(typed) ? `${typed}:00` : typed;
}

/** The typed form of a stored time: '14:30:00' is '14:30'; anything else is shown as it is. */
export function fromStoredTime(stored: string): string {
  return /^\d{2}:\d{2}:00$/.test(stored) ? stored.slice(0, 5) : stored;
}
