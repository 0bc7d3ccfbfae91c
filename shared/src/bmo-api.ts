import { z } from 'zod';

/*
 * bugzilla.mozilla.org's own endpoints (its extensions' REST resources and Mojo API routes), as the
 * shared endpoint map holds them: served under the `bmo` profile only, missing (32614) elsewhere.
 * Answers are checked for the members a client relies on; others pass through.
 */

/** A webhook as `GET /rest/webhooks/list` lists it (extensions/Webhooks/lib/API/V1/Webhooks.pm). */
export const webhookSchema = z.looseObject({
  id: z.number().int(),
  creator: z.string(),
  name: z.string(),
  url: z.string(),
  event: z.string(),
  product: z.string(),
  component: z.string(),
  enabled: z.boolean(),
  /** How many messages wait in its backlog. */
  errors: z.number().int(),
});

export const bmoEndpoints = {
  /** The caller's webhooks. */
  'GET /rest/webhooks/list': { response: z.object({ webhooks: z.array(webhookSchema) }) },
} as const;

export type BmoWebhook = z.infer<typeof webhookSchema>;
