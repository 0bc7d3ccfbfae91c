import type { Catalogue } from '../catalogue/catalogue.js';
import type { Webhook } from '../catalogue/types.js';
import { WEBHOOK_EVENTS } from './should-send.js';

/** A webhook as a fixture or the admin API gives it: named things by name, the user by id (looked up already). */
export interface WebhookEntry {
  id?: number | undefined;
  userId: number;
  name: string;
  url: string;
  /** BMO's comma-separated events, or a list of them. */
  event: string | readonly string[];
  /** A product's name, or "Any" (the default). */
  product?: string | undefined;
  component?: string | undefined;
  api_key_header?: string | undefined;
  api_key_value?: string | undefined;
}

/** Why a webhook was refused; `where` names the field. */
export class WebhookEntryError extends Error {
  override readonly name = 'WebhookEntryError';
  constructor(
    readonly where: string,
    message: string,
  ) {
    super(message);
  }
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * A webhook checked as BMO's preferences check one (extensions/Webhooks/Extension.pm
 * user_preferences: a name, a URL, at least one event, a product and component that exist or
 * "Any"; one name per user, as its unique index says), and, because a test double must never
 * post beyond the machine it runs on, a URL on the loopback interface only.
 */
export function webhookFromEntry(entry: WebhookEntry, catalogue: Catalogue, taken: readonly Webhook[]): Webhook {
  const name = entry.name.trim();
  if (name === '') throw new WebhookEntryError('name', 'You must provide a name for this webhook.');
  const url = entry.url.trim();
  if (url === '') throw new WebhookEntryError('url', 'You must provide a URL for this webhook.');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new WebhookEntryError('url', `"${url}" is not a URL`);
  }
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !LOOPBACK_HOSTS.has(parsed.hostname)) {
    throw new WebhookEntryError('url', `"${url}" must be an http(s) URL on 127.0.0.1, localhost or [::1]`);
  }
  const events = (typeof entry.event === 'string' ? entry.event.split(',') : entry.event).map((one) => one.trim());
  if (events.length === 0 || events.every((one) => one === '')) {
    throw new WebhookEntryError('event', 'You must select at least one event for this webhook.');
  }
  const unknown = events.find((one) => !(WEBHOOK_EVENTS as readonly string[]).includes(one));
  if (unknown !== undefined)
    throw new WebhookEntryError('event', `"${unknown}" is none of ${WEBHOOK_EVENTS.join(', ')}`);
  const { productId, componentId } = scopeOf(entry, catalogue);
  const header = entry.api_key_header?.trim() || null;
  const value = entry.api_key_value?.trim() || null;
  if ((header === null) !== (value === null)) {
    throw new WebhookEntryError('api_key_header', 'api_key_header and api_key_value come together');
  }
  if (header !== null && (!HEADER_NAME.test(header) || header.length > 64)) {
    throw new WebhookEntryError('api_key_header', `"${header}" is not a header name (64 characters at most)`);
  }
  if (value !== null && value.length > 64) throw new WebhookEntryError('api_key_value', 'is longer than 64 characters');
  if (taken.some((other) => other.userId === entry.userId && other.name === name)) {
    throw new WebhookEntryError('name', `the user already has a webhook named "${name}"`);
  }
  if (entry.id !== undefined && taken.some((other) => other.id === entry.id)) {
    throw new WebhookEntryError('id', `webhook ${entry.id} is listed twice`);
  }
  return {
    id: entry.id ?? taken.reduce((max, other) => Math.max(max, other.id), 0) + 1,
    name,
    url,
    userId: entry.userId,
    event: events.join(','),
    productId,
    componentId,
    apiKeyHeader: header,
    apiKeyValue: value,
  };
}

function scopeOf(entry: WebhookEntry, catalogue: Catalogue): { productId: number | null; componentId: number | null } {
  const productName = entry.product?.trim() || 'Any';
  const componentName = entry.component?.trim() || 'Any';
  if (productName === 'Any') {
    if (componentName !== 'Any') throw new WebhookEntryError('component', 'a component needs its product');
    return { productId: null, componentId: null };
  }
  const product = catalogue.product(productName);
  if (!product) throw new WebhookEntryError('product', `there is no product named "${productName}"`);
  if (componentName === 'Any') return { productId: product.id, componentId: null };
  const component = catalogue.component(product, componentName);
  if (!component) {
    throw new WebhookEntryError('component', `product "${product.name}" has no component named "${componentName}"`);
  }
  return { productId: product.id, componentId: component.id };
}

/**
 * A webhook as BMO's `GET /rest/webhooks/list` gives it (extensions/Webhooks/lib/API/V1/Webhooks.pm
 * `_webhook_to_hash`): `errors` is its connector's backlog.
 */
export function webhookJson(
  webhook: Webhook,
  creator: string,
  catalogue: Catalogue,
  connector: { enabled: boolean; errors: number },
) {
  return {
    id: webhook.id,
    creator,
    name: webhook.name,
    url: webhook.url,
    event: webhook.event,
    product: webhook.productId === null ? 'Any' : (catalogue.productById(webhook.productId)?.name ?? 'Any'),
    component: webhook.componentId === null ? 'Any' : (catalogue.componentById(webhook.componentId)?.name ?? 'Any'),
    enabled: connector.enabled,
    errors: connector.errors,
  };
}
