import type { Plan } from './plan.js';
import type { Credentials, RequestTemplate } from './request-template.js';
import type { OutgoingRequest } from './transport.js';

export type Keys = Readonly<Record<Exclude<Credentials, 'none'>, string | undefined>>;

/** A plan template made concrete with the ids of this case's fixtures. */
export function buildRequest(plan: Plan, baseUrl: string, keys: Keys, template: RequestTemplate, ids: ReadonlyMap<string, unknown>): OutgoingRequest {
  const operation = plan.index.byId(template.operationId);
  if (!operation) throw new Error(`no operation ${template.operationId}`);
  const idOf = (fixture: string) => {
    if (!ids.has(fixture)) throw new Error(`the ${fixture} this request needs was not created`);
    return ids.get(fixture);
  };
  const path = operation.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const source = template.pathParams[name];
    const value = source === undefined ? '' : 'fixture' in source ? idOf(source.fixture) : source.value;
    return encodeURIComponent(String(value));
  });
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(template.query)) {
    for (const item of Array.isArray(value) ? value : [value]) query.append(name, String(item));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  const key = template.credentials === 'none' ? undefined : keys[template.credentials];
  if (key !== undefined && plan.auth) {
    if (plan.auth.in === 'header') headers[plan.auth.name] = key;
    else query.set(plan.auth.name, key);
  }
  const search = query.toString();
  const request: OutgoingRequest = { method: operation.method.toUpperCase(), url: `${baseUrl}${path}${search ? `?${search}` : ''}`, headers };
  if (template.body) {
    let body = template.body.value;
    if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
      body = { ...body };
      for (const [field, fixture] of Object.entries(template.body.refs)) (body as Record<string, unknown>)[field] = idOf(fixture);
    }
    request.body = body;
    headers['content-type'] = template.contentType ?? 'application/json';
  }
  return request;
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
