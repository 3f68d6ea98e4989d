/**
 * The device info of a feedback submission (doc 2 §3 'Device info'), read from the user agent by a
 * few patterns instead of a parser library: the feedback only needs the family and major version
 * of browser and operating system. Shared by the browser (which sends it) and the server (which
 * derives it again from the user agent and does not trust what was sent).
 */

export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop', 'unknown'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];
export const ORIENTATIONS = ['portrait', 'landscape'] as const;
export type Orientation = (typeof ORIENTATIONS)[number];

/** The wire shape of doc 2 §3. */
export interface DeviceInfo {
  userAgent: string;
  os: string;
  browser: string;
  device: string;
  os_version: string;
  browser_version: string;
  deviceType: DeviceType;
  orientation: Orientation;
}

export type UserAgentInfo = Omit<DeviceInfo, 'userAgent' | 'orientation'>;

const UNKNOWN = 'Unknown';

/** First match wins: more specific browsers (Edge, Opera, Samsung) before the engines they build on. */
const BROWSERS: readonly [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/([\d.]+)/],
  ['Opera', /\b(?:OPR|Opera)\/([\d.]+)/],
  ['Samsung Internet', /\bSamsungBrowser\/([\d.]+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/([\d.]+)/],
  ['Chrome', /\b(?:Chrome|CriOS|HeadlessChrome|Chromium)\/([\d.]+)/],
  ['Safari', /\bVersion\/([\d.]+).*\bSafari\//],
  ['IE', /\bMSIE ([\d.]+)|\bTrident\/.*\brv:([\d.]+)/],
];

const WINDOWS_VERSIONS: Record<string, string> = { '10.0': '10', '6.3': '8.1', '6.2': '8', '6.1': '7' };

function osOf(ua: string): { os: string; version: string } {
  let match: RegExpExecArray | null;
  if ((match = /\bWindows NT ([\d.]+)/.exec(ua))) return { os: 'Windows', version: WINDOWS_VERSIONS[match[1]] ?? match[1] };
  if ((match = /\b(?:iPhone|CPU) OS ([\d_]+)/.exec(ua)) || /\b(?:iPhone|iPad|iPod)\b/.test(ua)) {
    return { os: 'iOS', version: match ? match[1].replace(/_/g, '.') : UNKNOWN };
  }
  if ((match = /\bAndroid ([\d.]+)/.exec(ua)) || /\bAndroid\b/.test(ua)) return { os: 'Android', version: match?.[1] ?? UNKNOWN };
  if ((match = /\bMac OS X ([\d_.]+)/.exec(ua))) return { os: 'Mac', version: match[1].replace(/_/g, '.') };
  if (/\bCrOS\b/.test(ua)) return { os: 'Chrome OS', version: UNKNOWN };
  if (/\bLinux\b/.test(ua)) return { os: 'Linux', version: UNKNOWN };
  return { os: UNKNOWN, version: UNKNOWN };
}

function browserOf(ua: string): { browser: string; version: string } {
  for (const [browser, pattern] of BROWSERS) {
    const match = pattern.exec(ua);
    if (match) return { browser, version: match[1] ?? match[2] ?? UNKNOWN };
  }
  return { browser: UNKNOWN, version: UNKNOWN };
}

function deviceOf(ua: string, os: string): { device: string; deviceType: DeviceType } {
  if (/\biPad\b/.test(ua)) return { device: 'iPad', deviceType: 'tablet' };
  if (/\biPhone\b/.test(ua)) return { device: 'iPhone', deviceType: 'mobile' };
  if (/\biPod\b/.test(ua)) return { device: 'iPod', deviceType: 'mobile' };
  if (os === 'Android') return { device: 'Android', deviceType: /\bMobile\b/.test(ua) ? 'mobile' : 'tablet' };
  if (/\b(?:Tablet|Kindle|Silk)\b/.test(ua)) return { device: UNKNOWN, deviceType: 'tablet' };
  if (/\bMobi/.test(ua)) return { device: UNKNOWN, deviceType: 'mobile' };
  if (os === 'Mac') return { device: 'Macintosh', deviceType: 'desktop' };
  if (os === 'Windows' || os === 'Linux' || os === 'Chrome OS') return { device: UNKNOWN, deviceType: 'desktop' };
  return { device: UNKNOWN, deviceType: 'unknown' };
}

/** Operating system, browser, device and their versions as far as the user agent tells them. */
export function parseUserAgent(userAgent: string): UserAgentInfo {
  const { os, version: osVersion } = osOf(userAgent);
  const { browser, version: browserVersion } = browserOf(userAgent);
  const { device, deviceType } = deviceOf(userAgent, os);
  return { os, os_version: osVersion, browser, browser_version: browserVersion, device, deviceType };
}
