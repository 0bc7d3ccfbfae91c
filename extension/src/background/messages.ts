import type { Delivery } from './delivery.js';
import type { DeliveryState } from './local-state.js';

/** What the popup asks the background. */
export type BackgroundRequest = { type: 'delivery-state' } | { type: 'retry-now' };

export function isBackgroundRequest(message: unknown): message is BackgroundRequest {
  const type = (message as { type?: unknown } | null)?.type;
  return type === 'delivery-state' || type === 'retry-now';
}

export function handleMessage(delivery: Delivery, message: unknown): Promise<DeliveryState> | undefined {
  if (!isBackgroundRequest(message)) return undefined;
  return message.type === 'retry-now' ? delivery.flush() : delivery.state();
}
