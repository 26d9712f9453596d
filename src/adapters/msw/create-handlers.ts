import { delay as mswDelay, http, type HttpHandler } from 'msw';
import { answerFetch } from '../fetch-exchange.js';
import { createAdapterEngine, type AdapterOptions } from '../adapter-engine.js';
import type { MockControls } from '../mock-controls.js';
import type { MockSetup } from '../../mock/create-engine.js';

export interface HandlersOptions extends AdapterOptions {
  /**
   * Where the API is answered: an absolute URL (`https://api.example.com/v1`) or, in a browser, a
   * path of the page's origin (`/api`). Default: the document's first server URL, its variables at
   * their defaults; else http://127.0.0.1:4010.
   */
  baseUrl?: string;
}

/**
 * The handlers themselves, so the result spreads as every MSW handler factory's does
 * (`setupServer(...(await createHandlers()))`), with the rest as properties.
 */
export type MockHandlers = HttpHandler[] & {
  /** The same handlers, for `const { handlers, controls } = await createHandlers()`. */
  handlers: HttpHandler[];
  /** reset and the session clocks, as /__admin/reset and /__admin/clock. */
  controls: MockControls;
  /** Where the handlers answer. */
  baseUrl: string;
  setup: MockSetup;
};
/** @deprecated `MockHandlers`. */
export type PetstoreHandlers = MockHandlers;

/**
 * Mock Service Worker handlers running the mock's engine (state, validation, rules, limits,
 * Prefer, sessions) in the page or the test runner: `setupServer(...(await createHandlers()))`.
 * Nothing here imports from Node (scripts/check-browser-engine.mjs).
 */
export async function createHandlers(options: HandlersOptions = {}): Promise<MockHandlers> {
  // Latencies and `Prefer: delay` wait with msw's own delay, unless the test's clock can wait (a ManualClock).
  const canWait = typeof (options.clock as { sleep?: unknown } | undefined)?.sleep === 'function';
  const { setup, controls } = await createAdapterEngine({ ...options, delay: options.delay ?? (canWait ? undefined : (ms) => mswDelay(ms)) });
  const baseUrl = (options.baseUrl ?? firstServerUrl(setup) ?? 'http://127.0.0.1:4010').replace(/\/+$/, '');
  const basePath = baseUrl.startsWith('/') ? baseUrl : new URL(baseUrl).pathname.replace(/\/+$/, '');
  const answer: Parameters<typeof http.all>[1] = ({ request, cookies }) => {
    const url = new URL(request.url);
    const path = url.pathname.slice(basePath.length) || '/';
    return answerFetch(setup, request, path, url.search.slice(1), basePath, cookies);
  };
  // The base itself and everything below it (MSW's `*` needs at least the slash).
  const handlers = [http.all(`${baseUrl}/*`, answer), http.all(baseUrl || '/', answer)];
  return Object.assign([...handlers], { handlers, controls, baseUrl, setup });
}

/** The document's first server URL, its variables at their defaults (`{scheme}://…`), when that is an http(s) URL. */
function firstServerUrl(setup: MockSetup): string | undefined {
  const server = setup.loaded.document.servers?.[0] as { url?: unknown; variables?: Record<string, { default?: unknown } | undefined> } | undefined;
  if (typeof server?.url !== 'string') return undefined;
  const url = server.url.replace(/\{([^{}]*)\}/g, (whole, name: string) => {
    const value = server.variables?.[name]?.default;
    return typeof value === 'string' ? value : whole;
  });
  if (!/^https?:\/\/[^{}]+$/.test(url) || !URL.canParse(url)) return undefined;
  return url;
}
