import type { Faker } from '@faker-js/faker';
import { fakeFromSchema } from '../../generation/fake-value.js';
import type { Document, Schema } from '../../spec/openapi.js';
import type { Operation } from '../../spec/operation-index.js';
import { callbacksOf, webhooksOf, type OutgoingTemplate } from '../../spec/outgoing-requests.js';
import type { Session } from '../session.js';
import { callbackUrl, type CallbackContext } from './callback-url.js';
import type { Delivery, OutgoingCalls } from './outgoing-calls.js';
import { MAX_SUBSCRIBERS } from './subscribers.js';
import type { FiredEvent } from '../../engine/behaviour.js';
import type { PackEvent } from '../../engine/behaviour-pack.js';

/**
 * The calls the mock makes on its own (INTERFACE.md section 19): an operation's callbacks after it
 * answers, and the document's webhooks, sent on demand or on a behaviour pack's event to the
 * session's subscribers and every `--webhook-target`.
 */
export class CallbacksAndWebhooks {
  readonly webhooks: ReadonlyMap<string, OutgoingTemplate>;
  private readonly callbacks = new Map<string, OutgoingTemplate[]>();

  constructor(
    private readonly document: Document,
    private readonly calls: OutgoingCalls,
    private readonly faker: Faker,
    private readonly targets: readonly string[] = [],
    packEvents: readonly PackEvent[] = [],
  ) {
    // The document's own declaration wins over a pack's of the same name: it is the contract.
    this.webhooks = new Map([...packEvents.map((e) => [e.name, { ...e, url: '' }] as const), ...webhooksOf(document)]);
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

  /** Why the URL cannot subscribe (not loopback, or the webhook has MAX_SUBSCRIBERS), or undefined once it has. */
  async subscribe(session: Session, name: string, url: string): Promise<string | undefined> {
    const refused = this.calls.refusal(url);
    if (refused) return refused;
    if (!(await session.subscribers.add(name, url))) return `webhook ${name} has ${MAX_SUBSCRIBERS} subscribers in this session, the most it keeps`;
    return undefined;
  }

  async subscribers(session: Session, name: string): Promise<string[]> {
    return [...(await session.subscribers.list(name)), ...this.targets];
  }

  /** Sends a webhook to every subscriber and target, each with its retries; resolves with what each answered. */
  async send(session: Session, name: string, body?: unknown): Promise<Delivery[]> {
    const template = this.webhooks.get(name)!;
    const payload = body === undefined ? this.body(template.schema) : body;
    return Promise.all((await this.subscribers(session, name)).map((url) => this.calls.deliver(session, `webhook ${name}`, url, template.method, payload)));
  }

  /** Sends the webhooks an answer fired (a behaviour pack's events), without waiting for them. */
  fire(session: Session, events: readonly FiredEvent[]): void {
    for (const event of events) {
      if (this.webhooks.has(event.name)) void this.send(session, event.name, event.body).catch(() => {});
    }
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
