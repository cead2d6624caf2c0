import { BlockList, isIP } from 'node:net';

/** Loopback, private and link-local ranges: where trackers live on a site network (decision 0037). */
const PRIVATE_RANGES = new BlockList();
for (const [net, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const) PRIVATE_RANGES.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) PRIVATE_RANGES.addSubnet(net, prefix, 'ipv6');

const ipType = (host: string): 'ipv4' | 'ipv6' | null => (isIP(host) === 4 ? 'ipv4' : isIP(host) === 6 ? 'ipv6' : null);

/** The host of a ws(s):// URL, lower case, without IPv6 brackets; null when it is not a URL. */
export function rosUrlHost(rosUrl: string): string | null {
  try {
    const host = new URL(rosUrl).hostname.toLowerCase();
    return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  } catch {
    return null;
  }
}

function isPrivateHost(host: string): boolean {
  const type = ipType(host);
  if (type === 'ipv6' && host.startsWith('::ffff:')) {
    const v4 = host.slice(7);
    if (isIP(v4) === 4) return PRIVATE_RANGES.check(v4, 'ipv4');
  }
  if (type) return PRIVATE_RANGES.check(host, type);
  return host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local');
}

function matches(pattern: string, host: string): boolean {
  if (pattern === '*') return true;
  if (pattern === 'private') return isPrivateHost(host);
  if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1;
  const slash = pattern.indexOf('/');
  if (slash > 0) {
    const net = pattern.slice(0, slash);
    const prefix = Number(pattern.slice(slash + 1));
    const netType = ipType(net);
    const type = ipType(host);
    if (!netType || netType !== type || !Number.isInteger(prefix)) return false;
    const list = new BlockList();
    try {
      list.addSubnet(net, prefix, netType);
    } catch {
      return false;
    }
    return list.check(host, type);
  }
  return pattern === host || (pattern.startsWith('[') && pattern.slice(1, -1) === host);
}

/**
 * Whether a device may register this rosUrl (TRACKER_ROS_HOSTS): the app's proxy connects to it, so it is
 * kept to the site network (private, loopback, link-local) unless the deployment lists other hosts.
 */
export function isRosUrlAllowed(rosUrl: string, patterns: readonly string[]): boolean {
  const host = rosUrlHost(rosUrl);
  if (!host) return false;
  return patterns.some((pattern) => matches(pattern, host));
}
