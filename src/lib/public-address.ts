// Which addresses svc reaches out to (a client metadata document, a webhook): public unicast only. Everything else —
// loopback, private networks, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT, unique
// local, multicast, documentation and reserved ranges, and IPv6 forms that carry an IPv4 address inside
// (NAT64, 6to4, IPv4-compatible, IPv4-translated) — would let a client_id make this server reach into its own network (SSRF). An IPv4-mapped
// IPv6 address (::ffff:a.b.c.d) is judged by its IPv4 address: BlockList checks those against the IPv4 rules.
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  // ::/96 holds :: and ::1 and the IPv4-compatible form (::7f00:1 is 127.0.0.1), ::ffff:0:0:0/96 the
  // IPv4-translated one (::ffff:0:7f00:1): neither is a public address, whatever IPv4 address it carries.
  ['::', 96], ['::ffff:0:0:0', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23],
  ['2001:db8::', 32], ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(network, prefix, 'ipv6');

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** True for a public unicast IPv4 or IPv6 address; false for anything else, including text that is no address. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && loopback.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Thrown (through the connection's error) when a host resolves to an address that may not be reached. */
export class RefusedAddress extends Error {}

/**
 * A DNS lookup for node:http(s) that fails unless every address of the host is public (or, in tests,
 * loopback): the connection is made to the address checked, so a second answer of the DNS cannot swap in another.
 */
export function publicOnlyLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((item) => !isPublicAddress(item.address) && !(allowLoopback && isLoopbackAddress(item.address)));
      if (refused || addresses.length === 0) return callback(new RefusedAddress('its host resolves to an address that is not public'), '', 0);
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
