import type { Defect, ProxyRequest, ProxyResponse } from './defect-proxy.js';

/** The key the defective variants let through where the real server would refuse. */
export const FULL_KEY = 'demo-enterprise';
export const READONLY_KEY = 'demo-readonly';
export const RATE_LIMIT_KEY = 'demo-free';

const isJson = (r: ProxyResponse) => (r.headers['content-type'] ?? '').includes('json') && r.body.length > 0;
const ok = (r: ProxyResponse) => r.status >= 200 && r.status < 300;
const pathOf = (req: ProxyRequest) => req.path.split('?')[0]!;
const isPets = (req: ProxyRequest) => /^\/pets(\/[^/]+)?$/.test(pathOf(req));
const isOrders = (req: ProxyRequest) => /^\/store\/orders(\/[^/]+)?$/.test(pathOf(req));

function mapJson(response: ProxyResponse, change: (body: unknown) => unknown): ProxyResponse {
  if (!isJson(response)) return response;
  return { ...response, body: JSON.stringify(change(JSON.parse(response.body))) };
}

/** Applies a change to every record of a 2xx body (one object or a list). */
function eachRecord(change: (record: Record<string, unknown>) => void) {
  return (body: unknown) => {
    for (const record of Array.isArray(body) ? body : [body]) if (record && typeof record === 'object') change(record as Record<string, unknown>);
    return body;
  };
}

function withHeaders(response: ProxyResponse, change: (headers: Record<string, string>) => void): ProxyResponse {
  const headers = { ...response.headers };
  change(headers);
  return { ...response, headers };
}

const petBody = (change: (pet: Record<string, unknown>) => void) => (response: ProxyResponse, request: ProxyRequest) =>
  isPets(request) && ok(response) ? mapJson(response, eachRecord(change)) : response;

/** Per key, the first X-RateLimit-Remaining seen, which the frozen variant repeats. */
const frozen = new Map<string, string>();

/** At least 15 defective variants of a server, one at a time, each with the check that must catch it. */
export const DEFECTS: readonly Defect[] = [
  { name: 'wrong-field-type', caughtBy: 'response_schema_conformance', description: 'pet id sent as a string', onResponse: petBody((p) => void (p.id = String(p.id))) },
  { name: 'bad-enum', caughtBy: 'response_schema_conformance', description: "pet status 'lost', not in the enum", onResponse: petBody((p) => void (p.status = 'lost')) },
  { name: 'missing-required', caughtBy: 'response_schema_conformance', description: 'pet without its required name', onResponse: petBody((p) => void delete p.name) },
  { name: 'extra-field', caughtBy: 'response_schema_conformance', description: 'pet with a nickname the document does not name', onResponse: petBody((p) => void (p.nickname = 'Buddy')) },
  {
    name: 'bad-date-time',
    caughtBy: 'response_schema_conformance',
    description: "order shipDate 'tomorrow', not an RFC 3339 date-time",
    onResponse: (r, req) => (isOrders(req) && ok(r) ? mapJson(r, eachRecord((o) => void (o.shipDate = 'tomorrow'))) : r),
  },
  { name: 'missing-rate-limit-header', caughtBy: 'response_headers_conformance', description: 'no X-RateLimit-Remaining', onResponse: (r) => withHeaders(r, (h) => delete h['x-ratelimit-remaining']) },
  {
    name: 'ratelimit-field-disagrees',
    caughtBy: 'rate-limit-consistency',
    description: 'the draft RateLimit field says 5 more remaining than X-RateLimit-Remaining',
    onResponse: (r) => withHeaders(r, (h) => {
      if (h['ratelimit'] && h['x-ratelimit-remaining']) h['ratelimit'] = h['ratelimit'].replace(/;r=\d+/, `;r=${Number(h['x-ratelimit-remaining']) + 5}`);
    }),
  },
  {
    name: 'wrong-retry-after',
    caughtBy: 'rate-limit-consistency',
    description: 'Retry-After on a 429 is 30 s later than X-RateLimit-Reset',
    run: { includeRateLimit: true, operations: ['listPets'] },
    onResponse: (r) => (r.status === 429 ? withHeaders(r, (h) => void (h['retry-after'] = String(Number(h['retry-after']) + 30))) : r),
  },
  {
    name: 'remaining-not-decrementing',
    caughtBy: 'rate-limit-countdown',
    description: 'X-RateLimit-Remaining (and RateLimit r=) stuck at the first value a key saw',
    run: { includeRateLimit: true, operations: ['listPets'] },
    onResponse: (r, req) => {
      if (r.status === 429 || r.headers['x-ratelimit-remaining'] === undefined) return r;
      const key = req.headers['x-api-key'] ?? '(none)';
      const first = frozen.get(key) ?? r.headers['x-ratelimit-remaining'];
      frozen.set(key, first);
      return withHeaders(r, (h) => {
        h['x-ratelimit-remaining'] = first;
        if (h['ratelimit']) h['ratelimit'] = h['ratelimit'].replace(/;r=\d+/, `;r=${first}`);
      });
    },
  },
  {
    name: 'auth-not-enforced',
    caughtBy: 'ignored_auth',
    description: 'requests without a key are answered as if they had one',
    onRequest: (req) => (req.headers['x-api-key'] ? req : { ...req, headers: { ...req.headers, 'x-api-key': FULL_KEY } }),
  },
  {
    name: 'readonly-not-enforced',
    caughtBy: 'status-expected',
    description: 'the read-only key may write',
    onRequest: (req) => (req.headers['x-api-key'] === READONLY_KEY ? { ...req, headers: { ...req.headers, 'x-api-key': FULL_KEY } } : req),
  },
  {
    name: 'unknown-field-accepted',
    caughtBy: 'negative_data_rejection',
    description: 'an unknown body field is dropped instead of refused with 400',
    onRequest: (req) => {
      if (!req.body.includes('unexpectedField')) return req;
      const { unexpectedField: _dropped, ...rest } = JSON.parse(req.body) as Record<string, unknown>;
      return { ...req, body: JSON.stringify(rest) };
    },
  },
  {
    name: 'undocumented-status',
    caughtBy: 'status_code_conformance',
    description: 'GET /pets answers 202 instead of 200',
    onResponse: (r, req) => (req.method === 'GET' && pathOf(req) === '/pets' && r.status === 200 ? { ...r, status: 202 } : r),
  },
  { name: 'wrong-201', caughtBy: 'status_code_conformance', description: 'creates answer 200 instead of 201', onResponse: (r, req) => (req.method === 'POST' && r.status === 201 ? { ...r, status: 200 } : r) },
  { name: 'missing-location', caughtBy: 'location', description: 'a 201 without Location', onResponse: (r) => (r.status === 201 ? withHeaders(r, (h) => delete h['location']) : r) },
  {
    name: 'wrong-location',
    caughtBy: 'location',
    description: 'Location names record 1 instead of the one created',
    onResponse: (r) => (r.status === 201 ? withHeaders(r, (h) => void (h['location'] = (h['location'] ?? '').replace(/\/\d+$/, '/1'))) : r),
  },
  {
    name: 'wrong-content-type',
    caughtBy: 'content_type_conformance',
    description: 'JSON served as text/plain',
    onResponse: (r) => (isJson(r) ? withHeaders(r, (h) => void (h['content-type'] = 'text/plain; charset=utf-8')) : r),
  },
  {
    name: 'error-status-mismatch',
    caughtBy: 'error-status-match',
    description: 'Error.status is one more than the HTTP status',
    onResponse: (r) => (r.status >= 400 ? mapJson(r, (b) => ({ ...(b as object), status: r.status + 1 })) : r),
  },
  { name: 'missing-www-authenticate', caughtBy: 'response_headers_conformance', description: 'a 401 without WWW-Authenticate', onResponse: (r) => (r.status === 401 ? withHeaders(r, (h) => delete h['www-authenticate']) : r) },
  { name: 'missing-total-count', caughtBy: 'response_headers_conformance', description: 'lists without X-Total-Count', onResponse: (r) => withHeaders(r, (h) => delete h['x-total-count']) },
  { name: 'missing-deprecation-header', caughtBy: 'response_headers_conformance', description: 'GET /pets/{petId} without Deprecation', onResponse: (r) => withHeaders(r, (h) => delete h['deprecation']) },
  { name: 'bad-deprecation-syntax', caughtBy: 'response_headers_conformance', description: "Deprecation: true (an old draft's syntax, not RFC 9745)", onResponse: (r) => (r.headers['deprecation'] ? withHeaders(r, (h) => void (h['deprecation'] = 'true')) : r) },
  { name: 'bad-sunset-syntax', caughtBy: 'response_headers_conformance', description: 'Sunset as an ISO 8601 instant, not an HTTP-date', onResponse: (r) => (r.headers['sunset'] ? withHeaders(r, (h) => void (h['sunset'] = '2027-06-30T23:59:59Z')) : r) },
  {
    name: 'delete-not-effective',
    caughtBy: 'use_after_free',
    description: 'DELETE answers 204 and deletes nothing',
    onRequest: async (req, forward) => {
      if (req.method !== 'DELETE' || !req.headers['x-api-key']) return req;
      const looked = await forward({ ...req, method: 'GET', body: '' });
      if (!ok(looked)) return looked;
      return withHeaders({ ...looked, status: 204, body: '' }, (h) => {
        for (const name of ['content-type', 'deprecation', 'sunset', 'link']) delete h[name];
      });
    },
  },
  {
    name: 'update-not-effective',
    caughtBy: 'state-updated',
    description: 'PUT and PATCH answer the merged record but store nothing',
    onRequest: async (req, forward) => {
      if ((req.method !== 'PUT' && req.method !== 'PATCH') || !req.headers['x-api-key'] || req.headers['x-api-key'] === READONLY_KEY) return req;
      let sent: unknown;
      try {
        sent = JSON.parse(req.body);
      } catch {
        return req;
      }
      const looked = await forward({ ...req, method: 'GET', body: '' });
      if (!ok(looked) || !sent || typeof sent !== 'object' || Array.isArray(sent) || 'unexpectedField' in sent) return req;
      return withHeaders(mapJson(looked, (b) => ({ ...(b as object), ...(sent as object) })), (h) => {
        for (const name of ['deprecation', 'sunset', 'link']) delete h[name];
      });
    },
  },
];

export function defectNamed(name: string): Defect {
  const defect = DEFECTS.find((d) => d.name === name);
  if (!defect) throw new Error(`no defect ${name}`);
  return defect;
}
