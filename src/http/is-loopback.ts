/** True for addresses only this machine can reach (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** True for the `Origin` of a page served from this machine (any port); `null` is not one. */
export function isLoopbackOrigin(origin: string | undefined): boolean {
  return origin !== undefined && origin !== 'null' && isLoopback(hostnameOf(origin) ?? '');
}

/** The host name of a URL, IPv6 without brackets; undefined when it does not parse. */
export function hostnameOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return undefined;
  }
}
