import { describe, expect, it } from 'vitest';
import { parseUserAgent } from '../../src/shared/deviceInfo';

const cases: [string, string, ReturnType<typeof parseUserAgent>][] = [
  [
    'Chrome on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.91 Safari/537.36',
    { os: 'Windows', os_version: '10', browser: 'Chrome', browser_version: '124.0.6367.91', device: 'Unknown', deviceType: 'desktop' },
  ],
  [
    'Edge on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.67',
    { os: 'Windows', os_version: '10', browser: 'Edge', browser_version: '124.0.2478.67', device: 'Unknown', deviceType: 'desktop' },
  ],
  [
    'Firefox on Linux',
    'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
    { os: 'Linux', os_version: 'Unknown', browser: 'Firefox', browser_version: '125.0', device: 'Unknown', deviceType: 'desktop' },
  ],
  [
    'Safari on a Mac',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
    { os: 'Mac', os_version: '10.15.7', browser: 'Safari', browser_version: '17.4.1', device: 'Macintosh', deviceType: 'desktop' },
  ],
  [
    'Safari on an iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    { os: 'iOS', os_version: '17.4', browser: 'Safari', browser_version: '17.4', device: 'iPhone', deviceType: 'mobile' },
  ],
  [
    'Chrome on an iPad',
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
    { os: 'iOS', os_version: '16.6', browser: 'Chrome', browser_version: '120.0.6099.119', device: 'iPad', deviceType: 'tablet' },
  ],
  [
    'Samsung Internet on an Android phone',
    'Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36',
    { os: 'Android', os_version: '14', browser: 'Samsung Internet', browser_version: '24.0', device: 'Android', deviceType: 'mobile' },
  ],
  [
    'Chrome on an Android tablet',
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36',
    { os: 'Android', os_version: '13', browser: 'Chrome', browser_version: '123.0.0.0', device: 'Android', deviceType: 'tablet' },
  ],
  [
    'Internet Explorer 11',
    'Mozilla/5.0 (Windows NT 6.1; Trident/7.0; rv:11.0) like Gecko',
    { os: 'Windows', os_version: '7', browser: 'IE', browser_version: '11.0', device: 'Unknown', deviceType: 'desktop' },
  ],
  [
    'headless Chromium of the tests',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
    { os: 'Linux', os_version: 'Unknown', browser: 'Chrome', browser_version: '131.0.0.0', device: 'Unknown', deviceType: 'desktop' },
  ],
  [
    'an unknown client',
    'curl/8.5.0',
    { os: 'Unknown', os_version: 'Unknown', browser: 'Unknown', browser_version: 'Unknown', device: 'Unknown', deviceType: 'unknown' },
  ],
  [
    'an empty user agent',
    '',
    { os: 'Unknown', os_version: 'Unknown', browser: 'Unknown', browser_version: 'Unknown', device: 'Unknown', deviceType: 'unknown' },
  ],
];

describe('parseUserAgent', () => {
  it.each(cases)('%s', (_name, userAgent, expected) => {
    expect(parseUserAgent(userAgent)).toEqual(expected);
  });
});
