import type { EnvelopeFor } from '../../http/client-error.js';
import { JSON_CONTENT_TYPE } from '../../http/error-response.js';
import { errorBody } from './json-rpc-codec.js';
import { JSON_RPC_PATH, XML_RPC_PATH } from './rpc-endpoints.js';
import { faultResponse } from './xml-rpc-codec.js';

/**
 * A request the HTTP parser refused, answered in the envelope of the RPC endpoint it was for: an
 * XML-RPC client reads a fault, a JSON-RPC client a 1.1 error (no call was read, so no id).
 */
export const rpcEnvelopeFor: EnvelopeFor = (path, error) => {
  if (path === XML_RPC_PATH) return { contentType: 'text/xml', body: faultResponse(error.code, error.message) };
  if (path === JSON_RPC_PATH)
    return { contentType: JSON_CONTENT_TYPE, body: errorBody({ version: '1.1', id: undefined }, error) };
  return undefined;
};
