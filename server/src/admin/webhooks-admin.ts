import { editable } from '../bugzilla/catalogue/catalogue-change.js';
import type { Webhook } from '../bugzilla/catalogue/types.js';
import { ownedData, type Store } from '../bugzilla/store/store.js';
import { WebhookEntryError, webhookFromEntry, webhookJson } from '../bugzilla/webhook/webhook-entry.js';
import { webhookSchema } from '../import/fixture/webhooks.js';
import type { WebhookPush } from '../push/webhook-push.js';
import { AdminError, describeFirstIssue } from './admin-error.js';

/**
 * `/__admin/webhooks`: BMO's webhooks as a test sets them up (the fixture's `webhooks` entries, one
 * at a time: a user's webhook, as BMO's preferences make one), lists them all, and removes one. A
 * webhook is kept with the catalogue, durably as any catalogue write.
 */
export async function addWebhook(store: Store, input: unknown): Promise<Webhook> {
  const parsed = webhookSchema.safeParse(input);
  if (!parsed.success) throw new AdminError(400, describeFirstIssue('webhook', parsed.error));
  const { user: login, ...entry } = parsed.data;
  const user = await store.userByLogin(login);
  if (!user) throw new AdminError(400, `webhook.user: there is no user "${login}"`);
  try {
    return await ownedData(store, 'adding a webhook').changeCatalogue((current) => {
      const next = editable(current);
      const webhook = webhookFromEntry(Object.assign(entry, { userId: user.id }), current, current.webhooks());
      next.webhooks = [...(next.webhooks ?? []), webhook];
      return { next, answer: webhook };
    });
  } catch (error) {
    if (error instanceof WebhookEntryError) throw new AdminError(400, `webhook.${error.where}: ${error.message}`);
    throw error;
  }
}

/** Removes the webhook `id`; false when there is none. */
export async function deleteWebhook(store: Store, id: number): Promise<boolean> {
  return ownedData(store, 'removing a webhook').changeCatalogue((current) => {
    const next = editable(current);
    const kept = (next.webhooks ?? []).filter((webhook) => webhook.id !== id);
    const found = kept.length !== (next.webhooks ?? []).length;
    next.webhooks = kept;
    return { next, answer: found };
  });
}

/** Every webhook, as BMO's webhooks/list shows its owner one. */
export async function listWebhooks(store: Store, push: WebhookPush) {
  const all = store.catalogue.webhooks();
  const owners = await Promise.all(all.map((webhook) => store.userById(webhook.userId)));
  return all.map((webhook, i) =>
    webhookJson(webhook, owners[i]?.login ?? '', store.catalogue, {
      enabled: push.enabled(webhook.id),
      errors: push.backlogOf(webhook.id),
    }),
  );
}
