import type { DeliveryState } from '../common/delivery-state.js';
import type { Delivery } from '../visits/delivery.js';

/** What the popup asks the background, always about one tracker. */
export type BackgroundRequest = { type: 'delivery-state'; tracker: string } | { type: 'retry-now'; tracker: string };

function isBackgroundRequest(message: unknown): message is BackgroundRequest {
  const { type, tracker } = (message ?? {}) as { type?: unknown; tracker?: unknown };
  return (type === 'delivery-state' || type === 'retry-now') && typeof tracker === 'string';
}

export function handleMessage(delivery: Delivery, message: unknown): Promise<DeliveryState> | undefined {
  if (!isBackgroundRequest(message)) return undefined;
  return message.type === 'retry-now' ? delivery.flush(message.tracker) : delivery.state(message.tracker);
}
