type MaybePromise<T> = T | Promise<T>;

/** The most subscribers one webhook keeps per session: a script that loops cannot grow it for ever. */
export const MAX_SUBSCRIBERS = 100;

/**
 * A session's webhook subscribers (`POST /__admin/webhooks/{name}/subscribers`), in this process or
 * in Redis, where every replica reads the same ones (src/redis/redis-subscribers.ts).
 */
export interface SubscriberStore {
  /** False when the webhook already has MAX_SUBSCRIBERS others; adding one already there changes nothing. */
  add(webhook: string, url: string): MaybePromise<boolean>;
  /** In the order they subscribed. */
  list(webhook: string): MaybePromise<readonly string[]>;
  clear(): MaybePromise<void>;
}

/** A session's subscribers in this process. */
export class SubscriberList implements SubscriberStore {
  private readonly byWebhook = new Map<string, string[]>();

  add(webhook: string, url: string): boolean {
    const urls = this.byWebhook.get(webhook) ?? [];
    if (urls.includes(url)) return true;
    if (urls.length >= MAX_SUBSCRIBERS) return false;
    this.byWebhook.set(webhook, [...urls, url]);
    return true;
  }

  list(webhook: string): readonly string[] {
    return this.byWebhook.get(webhook) ?? [];
  }

  clear(): void {
    this.byWebhook.clear();
  }
}
