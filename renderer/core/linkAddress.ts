/**
 * Which addresses a flow may link to: a secure web address (`https:`), an e-mail address (`mailto:`)
 * or an address within the portal (`/home`, `#inhoud`). Anything else — a
 * script (`javascript:`), an unencrypted page (`http:`), a data URL, another site without its scheme
 * (`//elders.nl`) — is refused. One rule for the back office's editors, the pipeline's check and the
 * renderer, which shows a link with another address as plain text.
 */

/** What an editor says under an address field: which addresses the rule below accepts. */
export const ADDRESS_HINT = 'Een adres met https://, mailto: of een adres binnen het portaal, zoals /home.';

/** What is wrong with an address, in a sentence for an administrator; undefined when it may be used. */
export function addressProblem(address: string): string | undefined {
  const value = address.trim();
  if (value === '') return 'Vul een adres in.';
  // Quotes and angle brackets would end the address inside a text's markup; spaces are never part of one.
  // eslint-disable-next-line no-control-regex -- control characters are what an address may not hold
  if (/[\s"'<>\\]/.test(value) || /[\u0000-\u001f\u007f]/.test(value))
    return 'Een adres mag geen spaties, aanhalingstekens, punthaken of backslashes bevatten.';
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
  if (scheme === undefined) {
    if (value.startsWith('//')) return 'Een adres van een andere website begint met https://.';
    return undefined;
  }
  if (scheme === 'http') return 'Gebruik een beveiligd adres: https:// in plaats van http://.';
  if (scheme === 'https') {
    try {
      return new URL(value).hostname === '' ? 'Dit is geen volledig webadres, bijvoorbeeld https://www.uziregister.nl.' : undefined;
    } catch {
      return 'Dit is geen volledig webadres, bijvoorbeeld https://www.uziregister.nl.';
    }
  }
  if (scheme === 'mailto') return /^mailto:[^@]+@[^@]+$/i.test(value) ? undefined : 'Dit is geen e-mailadres, bijvoorbeeld mailto:info@uziregister.nl.';
  return 'Alleen een adres met https://, mailto: of een adres binnen het portaal (zoals /home) is toegestaan.';
}

/** Whether a flow may link to `address` (see {@link addressProblem}). */
export function isAllowedAddress(address: string): boolean {
  return addressProblem(address) === undefined;
}
