/**
 * Who a request is counted against (INTERFACE.md section 5): its API key, or, with no key or an
 * unknown one, the client address against the Free plan, so that key guessing is limited too.
 */
export function keySubject(key: string): string {
  return 'key:' + key;
}

export function addressSubject(address: string): string {
  return 'addr:' + address;
}

/**
 * A client address calling operations the document makes public (`security: []`): counted under
 * the default plan, apart from its failed attempts at keyed operations (docs/decisions/020).
 */
export function publicSubject(address: string): string {
  return 'addr:public:' + address;
}

/**
 * Only keys are banned: `key_banned` names a key, and banning an address would lock out every
 * client behind one NAT or proxy. Addresses still get 429s (docs/decisions/007-rate-limits.md).
 */
export function isBannable(subject: string): boolean {
  return subject.startsWith('key:');
}
