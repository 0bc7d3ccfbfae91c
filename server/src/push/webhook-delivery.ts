/** One attempt to post a message to a webhook, as the admin API lists them (`GET /__admin/webhooks/deliveries`). */
export interface WebhookDelivery {
  n: number;
  /** When it was tried, on the server's clock. */
  at: string;
  webhook_id: number;
  webhook_name: string;
  url: string;
  routing_key: string;
  /** 1 for the first try of this message, 2 for its first retry, … */
  attempt: number;
  /** BMO's push results: OK, TRANSIENT-ERROR (tried again later), BLOCKED (the owner may no longer see it). */
  result: 'OK' | 'TRANSIENT-ERROR' | 'BLOCKED';
  /** The listener's HTTP status; null when none came (refused, timed out) or none was asked. */
  status: number | null;
  error: string | null;
  /** What was posted (BMO's payload), or would have been. */
  payload: unknown;
}

export interface PostResult {
  status: number | null;
  error: string | null;
}

/** How a webhook's message is posted: BMO's headers, JSON, a 2xx is success (extensions/Push/lib/Connector/Webhook.pm `send`). */
export async function postJson(url: string, headers: Record<string, string>, payload: unknown): Promise<PostResult> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(payload),
      redirect: 'manual',
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
    const body = await response.text().catch(() => '');
    if (response.status >= 200 && response.status < 300) return { status: response.status, error: null };
    return { status: response.status, error: `Expected HTTP 2xx, got ${response.status} ${body.slice(0, 200)}`.trim() };
  } catch (error) {
    return { status: null, error: error instanceof Error ? error.message : String(error) };
  }
}

/** A listener that does not answer within this long is a transient failure, tried again later. */
const POST_TIMEOUT_MS = 10_000;
