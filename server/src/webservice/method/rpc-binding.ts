import type { EndpointKey } from '@bz-companion/shared';

/**
 * A method as XML-RPC and JSON-RPC clients call it (`Bug.get`): its row in its family's table
 * names it beside its REST endpoint, so one implementation answers whichever protocol asks.
 */
export interface RpcBinding {
  /** Its name in 5.2's WS_DISPATCH (`Bug.get`, `User.offer_account_by_email`). */
  name: string;
  /** How its params struct reaches the handler: as a query (what REST's GET sends) or as a body (POST). */
  params: 'query' | 'body';
  /** The struct member that REST puts in the path (`Bug.add_comment`'s `id`), when the endpoint has one. */
  pathParam?: string;
  /**
   * In the package's READ_ONLY list (5.2's Bugzilla.pm, Bug.pm, User.pm): JSON-RPC over GET may call it.
   * Every other method answers 32610 over GET (a page could otherwise make the user's browser write).
   */
  readOnly: boolean;
  /**
   * What the Perl method returns where REST dresses it: `undef` (REST shows `{}`; RPC answers null,
   * XML-RPC an empty value), or a scalar (REST wraps it as `{"result": …}`; RPC sends it bare).
   */
  perlReturns?: 'undef' | 'scalar';
  /**
   * Parameters 5.2 takes as base64 (its BASE64_FIELDS): REST and JSON-RPC send them encoded, the
   * handler decodes; over XML-RPC a `<base64>` arrives decoded and a plain string is the bytes.
   */
  bytesParams?: readonly string[];
}

/** A method as the RPC endpoints look it up: its binding and the endpoint whose handler answers it. */
export interface RpcMethod extends Omit<RpcBinding, 'name'> {
  endpoint: EndpointKey;
}
