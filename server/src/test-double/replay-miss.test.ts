import { describe, expect, it } from 'vitest';
import { type Recording, requestData } from '../import/recordings/recording.js';
import { methodCall } from '../webservice/rpc/xml-rpc-codec.js';
import { Replayer } from './replay.js';

const exchange = (method: string, path: string, querystring = '', body = '', contentType = 'text/xml') =>
  requestData({
    method,
    path,
    querystring,
    headers: body ? { 'content-type': contentType } : {},
    body: Buffer.from(body),
  });

const recorded = (file: string, request: Recording['request']) => ({
  file,
  recording: {
    protocol: 'xmlrpc' as const,
    recorded_at: '2026-01-01T00:00:00Z',
    request,
    response: { status: 200, headers: {}, body_text: '' },
  },
});

describe('the nearest recording a miss names', () => {
  const replayer = new Replayer([
    // python-bugzilla's probe comes first in every session it records.
    recorded('0001-HEAD-xmlrpc.cgi.json', exchange('HEAD', '/xmlrpc.cgi')),
    recorded(
      '0002-POST-xmlrpc-Bug.comments.json',
      exchange('POST', '/xmlrpc.cgi', '', methodCall('Bug.comments', { ids: [2] })),
    ),
    recorded(
      '0003-POST-xmlrpc-Bug.get.json',
      exchange('POST', '/xmlrpc.cgi', '', methodCall('Bug.get', { ids: [1], x: 1 })),
    ),
    recorded('0004-POST-xmlrpc-Bug.get.json', exchange('POST', '/xmlrpc.cgi', '', methodCall('Bug.get', { ids: [1] }))),
    recorded('0005-GET-rest-bug-1.json', exchange('GET', '/rest/bug/1', 'include_fields=id')),
    recorded('0006-GET-rest-bug.json', exchange('GET', '/rest/bug', 'id=1&id=2&include_fields=id')),
  ]);
  const nearest = (request: Recording['request']) => /Nearest: (\S+),/.exec(replayer.describeMiss(request))?.[1];

  it('is of the same HTTP method, path and RPC method before the fewest differences in the parameters', () => {
    expect(nearest(exchange('POST', '/xmlrpc.cgi', '', methodCall('Bug.get', { ids: [2] })))).toBe(
      '0004-POST-xmlrpc-Bug.get.json',
    );
    expect(nearest(exchange('POST', '/xmlrpc.cgi', '', methodCall('Bug.history', { ids: [2] })))).toBe(
      '0002-POST-xmlrpc-Bug.comments.json',
    );
  });

  it('is of the same path before fewer differences elsewhere', () => {
    expect(nearest(exchange('GET', '/rest/bug', 'id=9'))).toBe('0006-GET-rest-bug.json');
    expect(nearest(exchange('GET', '/rest/bug/1', 'include_fields=id&include_fields=summary'))).toBe(
      '0005-GET-rest-bug-1.json',
    );
  });
});
