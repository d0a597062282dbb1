import { isIP } from 'node:net';

/** 127.0.0.0/8, ::1, and IPv4 loopback written as an IPv6-mapped address. */
export function isLoopbackAddress(address: string): boolean {
  const ipv4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  if (isIP(ipv4) === 4) return ipv4.startsWith('127.');
  return address === '::1';
}

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host);
}

/**
 * The network one client holds, for counting "one address": an IPv4 address itself (an
 * IPv4-mapped IPv6 address as IPv4), an IPv6 address as its /64. A home or phone is given
 * a whole /64 and may pick any address in it, so counting IPv6 addresses one by one would
 * let one device count as billions.
 */
export function clientNetworkOf(address: string | undefined): string {
  // Fastify's request.ip is undefined once the client's connection has closed.
  const bare = (address ?? '').split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped && isIP(mapped[1]!) === 4) return mapped[1]!;
  if (isIP(bare) !== 6) return bare;
  return `${expandIpv6(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, each without leading zeros ('::' and a dotted tail expanded). */
function expandIpv6(address: string): string[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = tail === undefined ? [] : Array(8 - headGroups.length - tailGroups.length).fill('0');
  return [...headGroups, ...zeros, ...tailGroups].map((group) => Number.parseInt(group, 16).toString(16));
}
