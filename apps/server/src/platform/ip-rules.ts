import ipaddr from 'ipaddr.js';

/**
 * True when the rule is an IPv4/IPv6 address or CIDR range. IPv4 must be written in four decimal
 * parts: shorthand such as "1.2.3" (1.2.0.3) or "0x7f.1" is refused, it is never what was meant.
 */
export function isValidIpRule(rule: string): boolean {
  const [address = '', bits] = rule.split('/');
  try {
    if (bits !== undefined) ipaddr.parseCIDR(rule);
    else ipaddr.parse(rule);
  } catch {
    return false;
  }
  return address.includes(':') || ipaddr.IPv4.isValidFourPartDecimal(address);
}

function normalise(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  try {
    const parsed = ipaddr.parse(address);
    // ::ffff:1.2.3.4 is the IPv4 address 1.2.3.4.
    if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
      return (parsed as ipaddr.IPv6).toIPv4Address();
    }
    return parsed;
  } catch {
    return null;
  }
}

/** An empty list allows every address. */
export function ipAllowed(address: string, rules: readonly string[]): boolean {
  if (rules.length === 0) return true;
  const ip = normalise(address);
  if (!ip) return false;
  return rules.some((rule) => {
    try {
      if (rule.includes('/')) {
        const [range, bits] = ipaddr.parseCIDR(rule);
        return ip.kind() === range.kind() && ip.match([range, bits] as never);
      }
      const single = normalise(rule);
      return (
        single !== null &&
        single.kind() === ip.kind() &&
        single.toNormalizedString() === ip.toNormalizedString()
      );
    } catch {
      return false;
    }
  });
}
