/**
 * The unit a per-address limit counts: one IPv4 address, or one IPv6 /64. An IPv6 subscriber is
 * routinely handed a whole /64 (RFC 6177, RFC 7421), so counting single IPv6 addresses would let one
 * client rotate through 2^64 of them; the /64 is what one client controls.
 */

const IPV4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEXTET = /^[0-9a-f]{1,4}$/;

/** The eight 16-bit groups of an IPv6 address (RFC 4291 §2.2 text forms), or undefined. */
function ipv6Groups(text: string): number[] | undefined {
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const parse = (part: string): number[] | undefined => {
    if (part === "") return [];
    const pieces = part.split(":");
    const groups: number[] = [];
    for (const [index, piece] of pieces.entries()) {
      // An embedded IPv4 address may end the text (`::ffff:192.0.2.1`).
      if (index === pieces.length - 1 && IPV4.test(piece)) {
        const [a, b, c, d] = piece.split(".").map(Number) as [number, number, number, number];
        groups.push((a << 8) | b, (c << 8) | d);
      } else if (HEXTET.test(piece)) {
        groups.push(Number.parseInt(piece, 16));
      } else {
        return undefined;
      }
    }
    return groups;
  };
  // split always yields at least one part; without "::" there is no tail.
  const head = parse(halves[0] as string);
  const tail = parse(halves[1] ?? "");
  if (head === undefined || tail === undefined) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...new Array<number>(missing).fill(0), ...tail] : undefined;
}

/** Strips what surrounds an address in headers and socket APIs: `[…]`, a port, a zone (`%eth0`). */
function bareAddress(raw: string): string {
  let text = raw.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1] as string;
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  const zone = text.indexOf("%");
  return zone === -1 ? text : text.slice(0, zone);
}

/**
 * The rate-limit group of a client address: the IPv4 address itself (also when written as an
 * IPv4-mapped IPv6 address, as dual-stack sockets report it), or the /64 of an IPv6 address.
 * Anything that is not an address gives undefined.
 *
 * @example
 * ```ts
 * addressGroup("203.0.113.7"); // "203.0.113.7"
 * addressGroup("::ffff:203.0.113.7"); // "203.0.113.7"
 * addressGroup("2001:db8:1:2:aaaa::1"); // "2001:db8:1:2::/64"
 * addressGroup("not an address"); // undefined
 * ```
 */
export function addressGroup(raw: string | undefined): string | undefined {
  if (typeof raw !== "string" || raw.length > 100) return undefined;
  const text = bareAddress(raw);
  if (IPV4.test(text)) return text;
  const groups = ipv6Groups(text);
  if (groups === undefined) return undefined;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
