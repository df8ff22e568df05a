/**
 * Which client an address stands for, for rate limits and caps. An IPv4 address is one client; an
 * IPv6 client gets at least a /64 from its provider and can pick any address inside it at will, so
 * the /64 prefix is the client. An IPv4-mapped IPv6 address (`::ffff:203.0.113.7`, what a
 * dual-stack socket reports for an IPv4 peer) is its IPv4 address.
 */

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/;

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const halves = address.split('::');
  if (halves.length > 2) return null;
  const parse = (part: string): number[] | null => {
    if (part === '') return [];
    const groups: number[] = [];
    const pieces = part.split(':');
    for (const [index, piece] of pieces.entries()) {
      if (index === pieces.length - 1 && IPV4.test(piece)) {
        // A dotted IPv4 tail stands for the last two groups.
        const [a, b, c, d] = piece.split('.').map(Number) as [number, number, number, number];
        groups.push((a << 8) | b, (c << 8) | d);
      } else if (HEX_GROUP.test(piece)) {
        groups.push(parseInt(piece, 16));
      } else {
        return null;
      }
    }
    return groups;
  };
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null;
}

/** Strips what a proxy may add around an address: brackets, a port, an IPv6 zone. */
function bareAddress(raw: string): string {
  const address = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) return bracketed[1]!.replace(/%.*$/, '');
  const withPort = /^([\d.]+):\d+$/.exec(address);
  if (withPort && IPV4.test(withPort[1]!)) return withPort[1]!;
  return address.replace(/%.*$/, '');
}

/**
 * The client an address belongs to: the IPv4 address, or `xxxx:xxxx:xxxx:xxxx::/64` for IPv6.
 * Anything else (`unknown`, a host name) is returned trimmed and lower-cased, as its own client.
 */
export function addressClient(raw: string): string {
  const address = bareAddress(raw);
  if (IPV4.test(address)) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high, low] = [groups[6]!, groups[7]!];
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * The network an address belongs to, for limits a crowd of addresses must share: an IPv4 /24 or
 * an IPv6 /48 (what one customer site or one rented block usually spans). Anything else is its own
 * network, like addressClient.
 */
export function addressNetwork(raw: string): string {
  const client = addressClient(raw);
  if (IPV4.test(client)) return `${client.split('.').slice(0, 3).join('.')}.0/24`;
  const v6 = /^([0-9a-f]{1,4}):([0-9a-f]{1,4}):([0-9a-f]{1,4}):[0-9a-f]{1,4}::\/64$/.exec(client);
  if (v6) return `${v6[1]}:${v6[2]}:${v6[3]}::/48`;
  return client;
}
