import type { EndpointKey, RequestOf, ResponseOf } from './api.js';

/** Options of one call. */
export interface CallOptions {
  signal?: AbortSignal | undefined;
}

/** Which fields of each bug or comment to answer (Bugzilla's include_fields / exclude_fields). */
export interface FieldsOptions {
  includeFields?: readonly string[] | undefined;
  excludeFields?: readonly string[] | undefined;
}

/** One call of an endpoint: its key, what the endpoint takes (typed by the shared map), and call options. */
export type Call<K extends EndpointKey> = { key: K; options?: CallOptions | undefined } & RequestOf<K>;

/** How each method sends its request: the client's one path to the tracker. */
export type Caller = <K extends EndpointKey>(request: Call<K>) => Promise<ResponseOf<K>>;
