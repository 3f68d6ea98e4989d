/**
 * The client a byte budget belongs to: an IPv4 address as it is, an IPv6 address by its /64 prefix
 * (one subscriber's whole network: a single connection usually holds 2^64 addresses, and counting
 * each on its own would give one sender a budget for every address it picks).
 */
import { isIPv6 } from 'node:net';

/** The eight groups of an IPv6 address, `::` filled in (an IPv4 tail counts as two groups). */
function groupsOf(address: string): string[] {
  const withoutZone = address.split('%')[0];
  const [head, tail] = withoutZone.includes('::') ? withoutZone.split('::') : [withoutZone, undefined];
  const parts = (text: string) => (text === '' ? [] : text.split(':').flatMap((part) => (part.includes('.') ? ['v4', 'v4'] : [part])));
  const front = parts(head);
  if (tail === undefined) return front;
  const back = parts(tail);
  return [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
}

export function budgetKeyOf(address: string): string {
  if (!isIPv6(address)) return address;
  // An IPv4 client seen through an IPv6 socket (::ffff:192.0.2.1) is that IPv4 address.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  const groups = groupsOf(address.toLowerCase()).map((group) => group.replace(/^0+(?=.)/, ''));
  return `${groups.slice(0, 4).join(':')}::/64`;
}
