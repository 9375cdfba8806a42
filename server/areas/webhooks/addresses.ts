import dns from 'node:dns/promises';
import net from 'node:net';

/**
 * Where a webhook may not go: every range that reaches this host, its network or the cloud's metadata service
 * rather than the public internet (RFC 6890 special-purpose blocks), so an endpoint cannot be used to probe inside.
 */
const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(prefix, bits, 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1, or its hex form) is judged as the IPv4 address it is. */
function mappedIpv4(address: string): string | null {
  const m = /^::ffff:(?:0:)?(.+)$/i.exec(address);
  if (!m) return null;
  if (net.isIPv4(m[1])) return m[1];
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(m[1]);
  if (!hex) return null;
  const [hi, lo] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

export function isPrivateAddress(address: string): boolean {
  const v4 = net.isIPv4(address) ? address : mappedIpv4(address);
  if (v4) return blocked.check(v4, 'ipv4');
  if (net.isIPv6(address)) return blocked.check(address, 'ipv6');
  // Not an address at all: nothing to connect to safely.
  return true;
}

export type Resolved = { ok: true; address: string; family: 4 | 6 } | { ok: false; reason: 'private' | 'unresolvable' };

/** The URL's host without the brackets an IPv6 literal is written with. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Resolves the URL's host and checks every address it has, not only the one a connection would pick (a name with one
 * public and one private address is refused). Answers the address to connect to, so the connection goes to the
 * address that was checked and a second lookup cannot swap it (DNS rebinding).
 */
export async function resolvePublic(url: URL, allowPrivate: boolean, lookup = dns.lookup): Promise<Resolved> {
  const host = hostOf(url);
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      return { ok: false, reason: 'unresolvable' };
    }
  }
  if (!addresses.length) return { ok: false, reason: 'unresolvable' };
  if (!allowPrivate && addresses.some((a) => isPrivateAddress(a.address))) return { ok: false, reason: 'private' };
  return { ok: true, address: addresses[0].address, family: addresses[0].family === 6 ? 6 : 4 };
}
