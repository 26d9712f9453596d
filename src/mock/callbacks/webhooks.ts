import type { Faker } from '@faker-js/faker';
import { fakeFromSchema } from '../../generation/fake-value.js';
import type { Document, Schema } from '../../spec/openapi.js';
import type { Operation } from '../../spec/operation-index.js';
import { callbacksOf, webhooksOf, type OutgoingTemplate } from '../../spec/outgoing-requests.js';
import type { Session } from '../session.js';
import { callbackUrl, type CallbackContext } from './callback-url.js';
import type { Delivery, OutgoingCalls } from './outgoing-calls.js';

/**
 * The calls the mock makes on its own (INTERFACE.md section 19): an operation's callbacks after it
 * answers, and the document's webhooks, sent on demand or on a behaviour pack's event to the
 * session's subscribers and every `--webhook-target`.
 */
export class CallbacksAndWebhooks {
  readonly webhooks: ReadonlyMap<string, OutgoingTemplate>;
  private readonly callbacks = new Map<string, OutgoingTemplate[]>();
  /** Subscribers by session name, then webhook name (this process's; decision 076). */
  private readonly subscribed = new Map<string, Map<string, string[]>>();

  constructor(
    private readonly document: Document,
    private readonly calls: OutgoingCalls,
    private readonly faker: Faker,
    private readonly targets: readonly string[] = [],
  ) {
    this.webhooks = webhooksOf(document);
  }

  /** Fires an answered operation's callbacks, without waiting for them. */
  afterAnswer(session: Session, operation: Operation, context: CallbackContext): void {
    let templates = this.callbacks.get(operation.operationId);
    if (!templates) this.callbacks.set(operation.operationId, (templates = callbacksOf(this.document, operation)));
    for (const template of templates) {
      const url = callbackUrl(template.url, context);
      const what = `callback ${template.name}`;
      if (url === undefined) void this.calls.deliver(session, what, `${template.url}`, template.method, undefined, 'the URL expression names nothing in the request');
      else void this.calls.deliver(session, what, url, template.method, this.body(template.schema));
    }
  }

  subscribe(session: Session, name: string, url: string): string | undefined {
    const refused = this.calls.refusal(url);
    if (refused) return refused;
    let mine = this.subscribed.get(session.name);
    if (!mine) this.subscribed.set(session.name, (mine = new Map()));
    const urls = mine.get(name) ?? [];
    if (!urls.includes(url)) mine.set(name, [...urls, url]);
    return undefined;
  }

  subscribers(session: Session, name: string): string[] {
    return [...(this.subscribed.get(session.name)?.get(name) ?? []), ...this.targets];
  }

  /** Sends a webhook to every subscriber and target, each with its retries; resolves with what each answered. */
  send(session: Session, name: string, body?: unknown): Promise<Delivery[]> {
    const template = this.webhooks.get(name)!;
    const payload = body === undefined ? this.body(template.schema) : body;
    return Promise.all(this.subscribers(session, name).map((url) => this.calls.deliver(session, `webhook ${name}`, url, template.method, payload)));
  }

  forget(session: Session): void {
    this.subscribed.delete(session.name);
  }

  private body(schema: Schema | undefined): unknown {
    if (!schema) return undefined;
    try {
      return fakeFromSchema(schema, this.faker);
    } catch {
      return undefined;
    }
  }
}
