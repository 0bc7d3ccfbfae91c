import type { EndpointKey, RequestOf, ResponseOf } from './api.js';

export interface CallOptions {
  signal?: AbortSignal | undefined;
}

/** Which fields to answer (Bugzilla's include_fields / exclude_fields; `components.name` reaches inside). */
export interface FieldsOptions {
  includeFields?: readonly string[] | undefined;
  excludeFields?: readonly string[] | undefined;
}

/** One request to an endpoint, as a client method hands it to the caller. */
export type Call<K extends EndpointKey> = { key: K; options?: CallOptions | undefined } & RequestOf<K>;

/** How each method sends its request: the client's one path to the tracker (the method groups share it). */
export type Caller = <K extends EndpointKey>(request: Call<K>) => Promise<ResponseOf<K>>;
