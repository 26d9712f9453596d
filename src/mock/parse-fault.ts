import { NETWORK_FAULTS, type Fault, type NetworkFault } from './faults.js';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const STATUS_FIELDS = ['method', 'path', 'times', 'status', 'delayMs'];
const NETWORK_FIELDS = ['type', 'method', 'path', 'times', 'delayMs'];

/**
 * A fault as `POST /__admin/faults` and snapshots take it: `{method?, path?, times, status,
 * delayMs?}`, or a network fault `{type, method?, path?, times, delayMs?}` (`drip` also takes
 * `ms`), or every problem found (each starting with the field it is about).
 */
export function parseFault(body: Record<string, unknown>): { fault: Fault | undefined; problems: string[] } {
  const problems: string[] = [];
  const type = body.type;
  const network = type !== undefined && type !== 'status';
  if (network && !NETWORK_FAULTS.includes(type as NetworkFault)) problems.push(`type must be one of status, ${NETWORK_FAULTS.join(', ')}`);
  const fields = !network ? [...STATUS_FIELDS, 'type'] : type === 'drip' ? [...NETWORK_FIELDS, 'ms'] : NETWORK_FIELDS;
  const unknown = Object.keys(body).filter((k) => !fields.includes(k));
  if (unknown.length) problems.push(`unknown field(s)${network ? ` for a ${String(type)} fault` : ''}: ${unknown.join(', ')}`);
  const int = (name: string, min: number, max: number, required: boolean) => {
    const v = body[name];
    if (v === undefined && !required) return undefined;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
      problems.push(`${name} must be an integer from ${min} to ${max}`);
      return undefined;
    }
    return v;
  };
  const times = int('times', 1, 1_000_000, true);
  const status = network ? undefined : int('status', 400, 599, true);
  const delayMs = int('delayMs', 0, 60_000, false);
  const ms = type === 'drip' ? int('ms', 1, 60_000, true) : undefined;
  const method = body.method;
  if (method !== undefined && (typeof method !== 'string' || !METHODS.has(method.toUpperCase()))) problems.push('method must be an HTTP method');
  const path = body.path;
  if (path !== undefined && (typeof path !== 'string' || !path.startsWith('/') || path.length > 500)) problems.push('path must start with / (a request path or a documented template)');
  if (problems.length) return { fault: undefined, problems };
  const fault: Fault = network ? { type: type as NetworkFault, times: times! } : { times: times!, status: status! };
  if (method !== undefined) fault.method = (method as string).toUpperCase();
  if (path !== undefined) fault.path = path as string;
  if (delayMs !== undefined) fault.delayMs = delayMs;
  if (ms !== undefined) fault.ms = ms;
  return { fault, problems };
}
