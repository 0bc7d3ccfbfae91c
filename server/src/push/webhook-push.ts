import { formatBugzillaTime } from '@bz-companion/shared';
import type { Webhook } from '../bugzilla/catalogue/types.js';
import type { Clock } from '../bugzilla/clock.js';
import type { Store } from '../bugzilla/store/store.js';
import type { User } from '../bugzilla/types.js';
import type { PushMessage } from '../bugzilla/webhook/push-message.js';
import { ownerCanSee, shouldSend, webhookPayload } from '../bugzilla/webhook/should-send.js';
import { type PushedWrite, writeMessages } from '../bugzilla/webhook/write-messages.js';
import { NumberedJournal } from '../http/numbered-journal.js';
import { backoffSeconds } from './backoff.js';
import { type PostResult, postJson, type WebhookDelivery } from './webhook-delivery.js';

/** One webhook's connector (extensions/Push: `Webhook_<id>`): its backlog and its backoff. */
interface Connector {
  backlog: Array<{ message: PushMessage; attempts: number }>;
  /** Failed backlog retries since the server started (the backoff's count). */
  backoffAttempts: number;
  /** Epoch seconds before which the backlog is not tried. */
  nextAttempt: number;
  /** Turned off after `webhooks_error_limit` failed tries of one message (Webhooks' connector_check_error_limit). */
  disabled: boolean;
  /** The connector's sends, one after another (BMO's daemon posts them in order). */
  chain: Promise<void>;
  /** A backlog retry is queued or running. */
  retrying: boolean;
}

/** How often a waiting backlog looks at the server's clock (which a test may move). */
const BACKLOG_POLL_MS = 200;

/**
 * BMO's Push daemon for webhooks (extensions/Push/lib/Push.pm, Connector/Webhook.pm): each message of a
 * write goes to every webhook that should get it; a connector with a backlog queues it behind, one
 * without posts it at once (BMO's daemon picks messages up on its 30-second poll: here as soon as
 * the write is durable), and a failure puts it in the backlog, tried again at once and then after the
 * backoff. Every try is journaled (the admin API reads it). Off unless `webhooks_enabled` is on.
 */
export class WebhookPush {
  readonly deliveries = new NumberedJournal<WebhookDelivery>(1000);
  readonly #store: Store;
  readonly #clock: Clock;
  readonly #post: (url: string, headers: Record<string, string>, payload: unknown) => Promise<PostResult>;
  #connectors = new Map<number, Connector>();
  #timer: NodeJS.Timeout | undefined;
  #generation = 0;

  constructor(store: Store, clock: Clock, post = postJson) {
    this.#store = store;
    this.#clock = clock;
    this.#post = post;
  }

  /** Whether a write needs its messages made: some webhook exists and the feature is on (most servers: no). */
  get listening(): boolean {
    return (
      (this.#store.catalogue.data.webhooks?.length ?? 0) > 0 && isOn(this.#store.instance.parameters.webhooks_enabled)
    );
  }

  /**
   * After a durable write: its messages, serialised now (as BMO does in the write's transaction), handed
   * to the connectors that should send them. Resolves once they are queued, not sent.
   */
  async afterWrite(write: PushedWrite, actor: User, when: number): Promise<void> {
    if (!this.listening) return;
    const messages = await writeMessages(write, { store: this.#store, actor, when, nowMs: this.#clock.now() });
    for (const message of messages) await this.#route(message);
  }

  /** How many messages wait in a webhook's backlog (`errors` of BMO's webhooks/list). */
  backlogOf(webhookId: number): number {
    return this.#connectors.get(webhookId)?.backlog.length ?? 0;
  }

  /** Whether BMO would post to this webhook (its connector is not disabled). */
  enabled(webhookId: number): boolean {
    return !this.#connectors.get(webhookId)?.disabled;
  }

  /** Every queued send done (a test's listener has what it will get for now). */
  async settled(): Promise<void> {
    await Promise.all([...this.#connectors.values()].map((connector) => connector.chain));
  }

  /** As a restarted daemon: no backlogs, backoffs reset, the journal emptied (its numbers go on). */
  reset(): void {
    this.#generation++;
    this.#connectors = new Map();
    this.deliveries.clear();
    this.#stopPolling();
  }

  close(): void {
    this.reset();
  }

  async #route(message: PushMessage): Promise<void> {
    const store = this.#store;
    const bug = await store.bugById(message.bugId);
    if (!bug) return;
    for (const webhook of store.catalogue.data.webhooks ?? []) {
      const owner = await store.userById(webhook.userId);
      if (!owner || !shouldSend(webhook, message, owner, bug, store.catalogue, store.instance.parameters)) continue;
      const connector = this.#connector(webhook.id);
      if (connector.disabled) continue;
      if (connector.backlog.length > 0) {
        connector.backlog.push({ message, attempts: 0 });
        continue;
      }
      this.#enqueue(connector, async () => {
        const result = await this.#send(webhook, message, 1);
        if (result !== 'TRANSIENT-ERROR') return;
        connector.backlog.push({ message, attempts: 0 });
        await this.#processBacklog(webhook.id, connector);
      });
    }
  }

  #connector(webhookId: number): Connector {
    let connector = this.#connectors.get(webhookId);
    if (!connector) {
      connector = {
        backlog: [],
        backoffAttempts: 0,
        nextAttempt: 0,
        disabled: false,
        chain: Promise.resolve(),
        retrying: false,
      };
      this.#connectors.set(webhookId, connector);
    }
    return connector;
  }

  #enqueue(connector: Connector, work: () => Promise<void>): void {
    const generation = this.#generation;
    connector.chain = connector.chain
      .then(() => (generation === this.#generation ? work() : undefined))
      .catch(() => {});
  }

  /** Push.pm's backlog loop: the oldest message first, while they go through; a failure backs off. */
  async #processBacklog(webhookId: number, connector: Connector): Promise<void> {
    const now = () => Math.floor(this.#clock.now() / 1000);
    while (connector.backlog.length > 0 && !connector.disabled && connector.nextAttempt <= now()) {
      const webhook = this.#store.catalogue.data.webhooks?.find((one) => one.id === webhookId);
      const entry = connector.backlog[0] as { message: PushMessage; attempts: number };
      if (!webhook) {
        connector.backlog.length = 0;
        return;
      }
      const result = await this.#send(webhook, entry.message, entry.attempts + 2);
      entry.attempts++;
      if (result === 'TRANSIENT-ERROR') {
        connector.backoffAttempts++;
        connector.nextAttempt = now() + backoffSeconds(connector.backoffAttempts);
        const limit = Number(this.#store.instance.parameters.webhooks_error_limit ?? '100');
        if (limit > 0 && entry.attempts >= limit) connector.disabled = true;
        break;
      }
      connector.backlog.shift();
    }
    if (connector.backlog.length > 0 && !connector.disabled) this.#startPolling();
  }

  async #send(webhook: Webhook, message: PushMessage, attempt: number): Promise<WebhookDelivery['result']> {
    const store = this.#store;
    const [owner, bug] = await Promise.all([store.userById(webhook.userId), store.bugById(message.bugId)]);
    const payload = webhookPayload(message, webhook);
    const record = (result: WebhookDelivery['result'], outcome: PostResult) => {
      this.deliveries.add({
        at: formatBugzillaTime(this.#clock.now()),
        webhook_id: webhook.id,
        webhook_name: webhook.name,
        url: webhook.url,
        routing_key: message.routingKey,
        attempt,
        result,
        status: outcome.status,
        error: outcome.error,
        payload,
      });
      return result;
    };
    // Seen again as it is sent: the bug may have become secure since (Connector/Webhook.pm `send`).
    if (!owner || !bug || !ownerCanSee(message, owner, bug, store.instance.parameters)) {
      return record('BLOCKED', { status: null, error: null });
    }
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (webhook.apiKeyHeader && webhook.apiKeyValue) headers[webhook.apiKeyHeader] = webhook.apiKeyValue;
    const outcome = await this.#post(webhook.url, headers, payload);
    return record(outcome.error === null ? 'OK' : 'TRANSIENT-ERROR', outcome);
  }

  #startPolling(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => this.#poll(), BACKLOG_POLL_MS);
    this.#timer.unref();
  }

  #stopPolling(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  #poll(): void {
    const now = Math.floor(this.#clock.now() / 1000);
    let waiting = false;
    for (const [webhookId, connector] of this.#connectors) {
      if (connector.backlog.length === 0 || connector.disabled) continue;
      waiting = true;
      if (connector.nextAttempt > now || connector.retrying) continue;
      connector.retrying = true;
      this.#enqueue(connector, () =>
        this.#processBacklog(webhookId, connector).finally(() => {
          connector.retrying = false;
        }),
      );
    }
    if (!waiting) this.#stopPolling();
  }
}

/** A boolean parameter as Perl reads it. */
function isOn(value: string | undefined): boolean {
  return value !== undefined && value !== '' && value !== '0';
}
