/**
 * Checks a feedback submission (doc 2 §3 'Feedback submission', §9: rating 1 to 5, comment at most
 * 500 characters) and turns it into what is stored. Operating system, browser and device are derived
 * again from the user agent; of the rest of the device info only the orientation is taken, because
 * only the browser knows it. The page URL is kept as its path: a query string or fragment could
 * carry personal data.
 */
import { ORIENTATIONS, parseUserAgent, type Orientation } from '../../shared/deviceInfo';
import { COMMENT_MAX_LENGTH, textLength } from '../../shared/userOpinion';
import type { ErrorItem } from '../errors';
import { CODES } from '../errors';
import type { NewUserOpinion } from '../storage';

const USER_AGENT_MAX_LENGTH = 1000;
const URL_MAX_LENGTH = 2000;

export type OpinionCheck = { ok: true; opinion: NewUserOpinion } | { ok: false; errors: ErrorItem[] };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The path of a same-site page address (absolute or relative); undefined when it is none. */
function pagePath(value: unknown): string | undefined {
  if (typeof value !== 'string' || value === '' || value.length > URL_MAX_LENGTH) return undefined;
  try {
    const url = new URL(value, 'http://portaal.invalid');
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.pathname : undefined;
  } catch {
    return undefined;
  }
}

export function checkUserOpinion(body: unknown): OpinionCheck {
  const errors: ErrorItem[] = [];
  const invalid = (field: string) => errors.push({ code: CODES.invalidField, extraInfo: [field] });
  const input = isRecord(body) ? body : {};
  if (!isRecord(body)) invalid('body');

  const rating = input.rating;
  if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) invalid('rating');

  let comment: string | undefined;
  if (input.comment !== undefined && input.comment !== null) {
    if (typeof input.comment !== 'string' || textLength(input.comment.trim()) > COMMENT_MAX_LENGTH) invalid('comment');
    else comment = input.comment.trim() || undefined;
  }

  const url = pagePath(input.url);
  if (url === undefined) invalid('url');

  const device = isRecord(input.device) ? input.device : undefined;
  const userAgent = device?.userAgent;
  if (typeof userAgent !== 'string' || userAgent.length > USER_AGENT_MAX_LENGTH) invalid('device.userAgent');
  const orientation = device?.orientation;
  if (!ORIENTATIONS.includes(orientation as Orientation)) invalid('device.orientation');

  if (errors.length > 0) return { ok: false, errors };
  const ua = userAgent as string;
  return {
    ok: true,
    opinion: {
      rating: rating as number,
      comment,
      url: url as string,
      device: { userAgent: ua, ...parseUserAgent(ua), orientation: orientation as Orientation },
    },
  };
}
