/**
 * Who viewed a shared summary, coarsely enough to respect the viewer's privacy (docs/decisions/0037):
 * the browser family and system from the User-Agent ('Safari on iOS'), and the network of the
 * address (IPv4 /24, IPv6 /48) rather than the address. Nothing else of the request is kept.
 */
import { isIPv4, isIPv6 } from 'node:net';

const BROWSERS: readonly [RegExp, string][] = [
  [/bot|crawl|spider|slurp|preview/i, 'Bot'],
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Version\/[\d.]+.*Safari\//, 'Safari'],
  [/curl\/|Wget\/|python|okhttp|axios|node-fetch|undici/i, 'Script'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod|iOS/, 'iOS'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** 'Chrome on Windows', 'Safari on iOS', 'Firefox', 'Unknown browser'. */
export function browserFamily(userAgent: string | undefined): string {
  const agent = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (!browser) return system ? `Unknown browser on ${system}` : 'Unknown browser';
  return system ? `${browser} on ${system}` : browser;
}

/** The eight 16-bit groups of an IPv6 address (with an embedded IPv4 tail), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0]!;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const parts = v4[1]!.split('.').map(Number);
    text = `${text.slice(0, -v4[1]!.length)}${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (text.includes('::') ? missing < 0 : missing !== 0) return null;
  const groups = [...left, ...Array<string>(text.includes('::') ? missing : 0).fill('0'), ...right].map((g) =>
    Number.parseInt(g, 16),
  );
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/** '203.0.113.0/24' for IPv4 (IPv4-mapped IPv6 too), '2001:db8:1::/48' for IPv6, 'unknown' otherwise. */
export function networkOf(address: string | undefined): string {
  if (!address) return 'unknown';
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  if (!isIPv6(address)) return 'unknown';
  const groups = ipv6Groups(address);
  if (!groups) return 'unknown';
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.0/24`;
  return `${groups
    .slice(0, 3)
    .map((g) => g.toString(16))
    .join(':')}::/48`;
}
