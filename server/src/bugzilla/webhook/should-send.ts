import { canSeeBug, isInsider } from '../access.js';
import type { Catalogue } from '../catalogue/catalogue.js';
import type { Webhook } from '../catalogue/types.js';
import type { Bug, User } from '../types.js';
import type { PushMessage, PushTarget } from './push-message.js';
import type { Json } from './push-serialize.js';

/** The events a webhook may ask for (the form of extensions/Webhooks' preferences). */
export const WEBHOOK_EVENTS = ['create', 'change', 'comment', 'attachment', 'attachment_change'] as const;

const targetOf = (message: PushMessage) => (message.payload.event as Json).target as PushTarget;

const bugDataOf = (message: PushMessage): Json => {
  const target = targetOf(message);
  return (target === 'bug' ? message.payload.bug : (message.payload[target] as Json).bug) as Json;
};

/**
 * extensions/Push/lib/Connector/Webhook.pm `should_send`: the events asked for, in the product and
 * component asked for ("Any" for either), or a change that moved the bug out of that product or
 * component; and only what the owner may see (`_owner_can_see`).
 */
export function shouldSend(
  webhook: Webhook,
  message: PushMessage,
  owner: User,
  bug: Bug,
  catalogue: Catalogue,
  parameters: Readonly<Record<string, string>>,
): boolean {
  if (!ownerCanSee(message, owner, bug, parameters)) return false;
  const product = webhook.productId === null ? 'Any' : (catalogue.productById(webhook.productId)?.name ?? '');
  const component = webhook.componentId === null ? 'Any' : (catalogue.componentById(webhook.componentId)?.name ?? '');
  const data = bugDataOf(message);
  const key = message.routingKey;
  const event = webhook.event;
  if ((product === data.product || product === 'Any') && (component === data.component || component === 'Any')) {
    // Perl's =~: `attachment` also matches a webhook that asked for `attachment_change` only.
    if (
      (event.includes('create') && key === 'bug.create') ||
      (event.includes('change') && key.startsWith('bug.modify')) ||
      (event.includes('comment') && key === 'comment.create') ||
      (event.includes('attachment_change') && key.startsWith('attachment.modify')) ||
      (event.includes('attachment') && key === 'attachment.create')
    ) {
      return true;
    }
  }
  if (!event.includes('change') || !key.includes('bug.modify')) return false;
  let removedProduct = '';
  let removedComponent = '';
  for (const change of ((message.payload.event as Json).changes ?? []) as Array<Record<string, string>>) {
    if (change.field === 'product') removedProduct = change.removed ?? '';
    if (change.field === 'component') removedComponent = change.removed ?? '';
  }
  if (!removedProduct && !removedComponent) return false;
  if (removedProduct === '') removedProduct = String(data.product);
  return product === removedProduct && (component === removedComponent || component === 'Any');
}

/**
 * `_owner_can_see`: the owner must see the bug (unless the change is the one that made it private),
 * and a private comment or attachment is for owners who are insiders.
 */
export function ownerCanSee(
  message: PushMessage,
  owner: User,
  bug: Bug,
  parameters: Readonly<Record<string, string>>,
): boolean {
  if (!canSeeBug(owner, bug, parameters) && message.routingKey !== 'bug.modify:is_private') return false;
  const target = targetOf(message);
  if (target === 'bug') return true;
  return !(message.payload[target] as Json).is_private || isInsider(owner, parameters);
}

/**
 * `send`'s payload: the webhook's name and id added; a private target reduced to its ids (a bug
 * in a group is private, and so is everything on it); what a comment or attachment is on put
 * under `bug`; the change set left out.
 */
export function webhookPayload(message: PushMessage, webhook: Webhook): Json {
  const payload = structuredClone(message.payload);
  payload.webhook_name = webhook.name;
  payload.webhook_id = webhook.id;
  const event = payload.event as Json;
  const target = targetOf(message);
  const object = payload[target] as Json;
  const bugOfTarget = (target === 'bug' ? object : object.bug) as Json;
  const isPrivate = Boolean(object.is_private || (target !== 'bug' && bugOfTarget.is_private));
  let bugData: Json;
  if (isPrivate && target !== 'bug') {
    bugData = {
      id: bugOfTarget.id,
      is_private: bugOfTarget.is_private,
      [target]: { id: object.id, is_private: isPrivate },
    };
  } else if (isPrivate) {
    bugData = { id: object.id, is_private: isPrivate };
  } else if (target === 'bug') {
    bugData = object;
  } else {
    bugData = bugOfTarget;
    const { bug: _bug, ...own } = object;
    bugData[target] = own;
  }
  if (isPrivate && event.action === 'modify') delete event.changes;
  delete payload[target];
  payload.bug = bugData;
  delete event.change_set;
  return payload;
}
