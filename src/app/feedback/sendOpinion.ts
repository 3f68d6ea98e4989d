/**
 * `POST /api/useropinion` (doc 2 §7) with the device info of doc 2 §3. The page is sent as its path
 * only (no query string or fragment). A failed send is logged with its status only — never the
 * comment — and reported as false; the dialog thanks the user either way (doc 2 §4).
 */
import { isHttpError, post } from '../../api/client';
import { attemptKeys, IDEMPOTENCY_HEADER } from '../../api/idempotency';
import { parseUserAgent, type DeviceInfo } from '../../shared/deviceInfo';

export interface Opinion {
  rating: number;
  comment?: string;
}

export function deviceInfo(): DeviceInfo {
  const userAgent = navigator.userAgent;
  const portrait = typeof window.matchMedia === 'function' ? window.matchMedia('(orientation: portrait)').matches : window.innerHeight > window.innerWidth;
  return { userAgent, ...parseUserAgent(userAgent), orientation: portrait ? 'portrait' : 'landscape' };
}

/** Sends the feedback; true when the server stored it. */
export async function sendOpinion({ rating, comment }: Opinion): Promise<boolean> {
  const json = { device: deviceInfo(), url: window.location.pathname, rating, comment: comment || undefined };
  const key = attemptKeys.keyFor('useropinion', JSON.stringify(json));
  try {
    await post('useropinion', { json, headers: { [IDEMPOTENCY_HEADER]: key } });
    attemptKeys.settle('useropinion', 201);
    return true;
  } catch (error) {
    attemptKeys.settle('useropinion', isHttpError(error) ? error.response.status : undefined);
    const status = isHttpError(error) ? error.response.status : 'geen verbinding';
    console.warn(`Versturen van de mening mislukt (${status})`);
    return false;
  }
}
