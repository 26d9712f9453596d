import type { Operation } from '../spec/operation-index.js';
import { wrongCredentials } from './checks/ignored-auth-credential.js';
import { placeCredentials, setHeader, type RunCredentials } from './credential-placement.js';
import { isJsonMediaType, jsonContent } from './documented-response.js';
import type { Exchange } from './events.js';
import type { Plan } from './plan-shape.js';
import { queryPairs } from './query-pairs.js';
import { linkValue } from './runtime-expression.js';
import type { Credentials, RequestTemplate } from './request-template.js';
import type { OutgoingRequest } from './transport.js';

export type Keys = RunCredentials;

/** A plan template made concrete with the ids of this case's fixtures. */
export function buildRequest(plan: Plan, baseUrl: string, keys: Keys, template: RequestTemplate, ids: ReadonlyMap<string, unknown>): OutgoingRequest {
  const operation = plan.index.byId(template.operationId);
  if (!operation) throw new Error(`no operation ${template.operationId}`);
  const idOf = (fixture: string, expression?: string) => {
    const key = expression === undefined ? fixture : linkKey(fixture, expression);
    if (!ids.has(key)) throw new Error(`the ${fixture} this request needs was not created`);
    return ids.get(key);
  };
  const path = operation.routePath.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const source = template.pathParams[name];
    const value = source === undefined ? '' : 'fixture' in source ? idOf(source.fixture, source.expression) : source.value;
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(template.query)) {
    const parameter = operation.parameters.find((p) => p.in === 'query' && p.name === name);
    for (const [key, item] of queryPairs(name, value, parameter)) query.append(key, item);
  }
  const headers: Record<string, string> = { accept: acceptFor(operation), ...template.headers };
  sendDiscriminators(operation, query, headers);
  const search = query.toString();
  const url = withCredentials(plan, keys, operation, template.credentials, `${baseUrl}${path}${search ? `?${search}` : ''}`, headers);
  const request: OutgoingRequest = { method: operation.method.toUpperCase(), url, headers };
  if (template.body) {
    let body = template.body.value;
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
      body = { ...body };
      for (const [field, fixture] of Object.entries(template.body.refs)) (body as Record<string, unknown>)[field] = idOf(fixture);
    }
    request.body = body;
    headers['content-type'] = template.contentType ?? bodyMediaType(operation);
  }
  return request;
}

/**
 * The media type a JSON body goes out as: the JSON type the document names for the body
 * (`application/scim+json`, `application/merge-patch+json`), since a server may refuse any other
 * with 415; `application/json` where it names a range (`*\/*`) or no JSON type at all.
 */
export function bodyMediaType(operation: Operation): string {
  const named = jsonContent(operation.requestBody?.content)?.mediaType;
  return named !== undefined && isJsonMediaType(named) ? named : 'application/json';
}

/**
 * What the path key names besides the path (`/?Action=Describe`, `/#X-Amz-Target=Svc.Op`) is how
 * the target tells the operation apart (src/spec/route-key.ts): sent with the value the key
 * gives, whatever the case generated for that parameter.
 */
function sendDiscriminators(operation: Operation, query: URLSearchParams, headers: Record<string, string>): void {
  for (const d of operation.discriminators) {
    if (d.value === undefined) continue;
    if (d.in === 'header') setHeader(headers, d.name, d.value);
    else query.set(d.name, d.value);
  }
}

/**
 * Puts the credentials of this kind where the operation's security schemes say (the document's
 * security when the operation is not known): headers in place, the URL returned with any query key.
 */
export function withCredentials(plan: Plan, keys: Keys, operation: Operation | undefined, kind: Credentials, url: string, headers: Record<string, string>): string {
  const security = operation?.security ?? plan.security;
  const placement = kind === 'wrong-credential' ? placeCredentials(security, plan.securitySchemes, wrongCredentials(keys), 'api-key') : placeCredentials(security, plan.securitySchemes, keys, kind);
  for (const [name, value] of Object.entries(placement.headers)) setHeader(headers, name, value);
  const cookies = Object.entries(placement.cookies).map(([name, value]) => `${name}=${encodeURIComponent(value)}`);
  if (cookies.length > 0) headers['cookie'] = [headers['cookie'], ...cookies].filter(Boolean).join('; ');
  if (Object.keys(placement.query).length === 0) return url;
  const target = new URL(url);
  for (const [name, value] of Object.entries(placement.query)) target.searchParams.set(name, value);
  return target.toString();
}

/** JSON when a success answer offers it (every check reads JSON), else the media types documented, else anything. */
export function acceptFor(operation: Operation): string {
  const types = new Set(
    Object.entries(operation.responses)
      .filter(([status]) => /^(2\d\d|2XX|default)$/i.test(status))
      .flatMap(([, response]) => Object.keys(response.content ?? {})),
  );
  if (types.size === 0 || [...types].some(isJsonMediaType)) return 'application/json';
  return [...types].join(', ');
}

/** Where a fixture's link value is kept among the case's ids. */
export function linkKey(fixture: string, expression: string): string {
  return `${fixture} ${expression}`;
}

/** The values the links read from a fixture's answer; a link that names nothing there means the case cannot be set up. */
export function readLinks(reads: Iterable<string>, exchange: Exchange, url: string, pathTemplate: string, baseUrl: string): [string, unknown][] {
  const path = relativePath(baseUrl, url)?.split('?')[0];
  const context = { exchange, url, pathParams: (path === undefined ? undefined : matchTemplate(pathTemplate, path)) ?? {} };
  return [...reads].map((expression) => {
    const read = linkValue(expression, context);
    if ('missing' in read) throw new Error(`a link reads ${expression} from ${exchange.request.method} ${pathTemplate}, but ${read.missing}`);
    return [expression, read.value];
  });
}

/** The path of a URL relative to the base URL (`https://h/api/pets/3` with base `https://h/api` -> `/pets/3`). */
export function relativePath(baseUrl: string, url: string): string | undefined {
  const base = new URL(baseUrl);
  const target = new URL(url);
  if (target.origin !== base.origin) return undefined;
  const prefix = base.pathname.replace(/\/+$/, '');
  if (prefix && !target.pathname.startsWith(`${prefix}/`)) return undefined;
  return target.pathname.slice(prefix.length);
}

/** Path parameters of a path matched against a template, or undefined when it does not match. */
export function matchTemplate(template: string, path: string): Record<string, string> | undefined {
  const names: string[] = [];
  const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{([^}]+)\\?\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  const match = new RegExp(`^${pattern}$`).exec(path);
  if (!match) return undefined;
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1] as string)]));
}
