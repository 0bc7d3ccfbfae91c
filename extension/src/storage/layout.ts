import { z } from 'zod';
import { MAX_LABEL } from './keys.js';

const authPreferenceSchema = z.enum(['auto', 'header', 'query']);

export const trackerSettingsSchema = z.object({
  id: z.string().min(1),
  url: z.url(),
  authPreference: authPreferenceSchema.catch('auto'),
  recordVisits: z.boolean().catch(true),
  notify: z.boolean().optional().catch(undefined),
  followInvolved: z.boolean().optional().catch(undefined),
  /** The name the inbox shows the tracker by (absent: its host). */
  label: z.string().max(MAX_LABEL).optional().catch(undefined),
  login: z.string().min(1).max(255).optional().catch(undefined),
});

export const newsSettingsSchema = z.object({
  badge: z.boolean().catch(true),
  periodMinutes: z.number().int().min(1).max(1440).catch(10),
  quietHours: z
    .object({ from: z.number().int().min(0).max(1439), to: z.number().int().min(0).max(1439) })
    .nullable()
    .optional()
    .catch(null),
});
