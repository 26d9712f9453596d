import type { Check, CheckInfo } from './types.js';
import { describeRequest } from './types.js';

export const ALLOW_HEADER_CONFORMANCE: CheckInfo = {
  name: 'allow_header_conformance',
  checks: 'a 405 carries Allow, naming every method the document gives the path',
  basis: 'RFC 9110 section 15.5.6: a 405 MUST carry Allow; section 10.2.1: Allow lists the methods the resource supports',
};

/** Any 405 answer; the methods compared are the document's for the operation's path, where the context knows them. */
export const allowHeaderConformance: Check = (exchange, operation, context) => {
  if (exchange.response.status !== 405) return [];
  const where = () => `${describeRequest(exchange)} -> 405`;
  const header = exchange.response.headers['allow'];
  const documented = context.documentedMethods?.(operation.path).map((m) => m.toUpperCase()) ?? [];
  if (header === undefined) {
    return [{ check: ALLOW_HEADER_CONFORMANCE.name, message: `${where()} has no Allow header`, expected: documented.length > 0 ? `Allow: ${documented.join(', ')}` : 'Allow', actual: 'absent', location: 'header Allow' }];
  }
  const allowed = new Set(header.split(',').map((m) => m.trim().toUpperCase()).filter(Boolean));
  const missing = documented.filter((m) => !allowed.has(m));
  if (missing.length === 0) return [];
  return [{ check: ALLOW_HEADER_CONFORMANCE.name, message: `${where()}: Allow does not name ${missing.join(', ')}, which the document gives ${operation.path}`, expected: documented.join(', '), actual: header, location: 'header Allow' }];
};
