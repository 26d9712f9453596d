/** True for addresses only this machine can reach (127.0.0.0/8, ::1, localhost). */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/**
 * True when a connection comes from this machine: its peer is a loopback address (IPv4-mapped
 * too, `::ffff:127.0.0.1`), or the very address it reached (a local tool calling the machine's
 * own LAN address; a packet from elsewhere cannot complete a handshake under our own address).
 * Unknown addresses (a socket already closed) are not this machine.
 */
export function isLocalPeer(peer: string | undefined, local: string | undefined): boolean {
  if (!peer) return false;
  const address = peer.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return (address !== 'localhost' && isLoopback(address)) || peer === local;
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
