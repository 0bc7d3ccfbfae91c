import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  faultResponse,
  methodCall,
  methodResponse,
  parseMethodCall,
  parseMethodResponse,
  XmlRpcClientFault,
  XmlRpcInvalidValue,
} from './xml-rpc-codec.js';

/** What python-bugzilla (Python's xmlrpc.client) sends for `Bug.get({"ids": [5], "Bugzilla_api_key": "K"})`. */
const PYTHON_CALL = `<?xml version='1.0'?>
<methodCall>
<methodName>Bug.get</methodName>
<params>
<param>
<value><struct>
<member>
<name>ids</name>
<value><array><data>
<value><int>5</int></value>
</data></array></value>
</member>
<member>
<name>Bugzilla_api_key</name>
<value><string>K</string></value>
</member>
</struct></value>
</param>
</params>
</methodCall>
`;

describe('parseMethodCall', () => {
  it("reads python-bugzilla's call, indentation and all", () => {
    expect(parseMethodCall(PYTHON_CALL)).toEqual({ method: 'Bug.get', params: { ids: [5], Bugzilla_api_key: 'K' } });
  });

  it('reads every XML-RPC type: an untyped value is a string, base64 is decoded, an empty int is no value', () => {
    const call = `<methodCall><methodName>M</methodName><params><param><value><struct>
      <member><name>plain</name><value> a &amp; b&#xd;&#65; </value></member>
      <member><name>i4</name><value><i4>-7</i4></value></member>
      <member><name>yes</name><value><boolean>1</boolean></value></member>
      <member><name>no</name><value><boolean>0</boolean></value></member>
      <member><name>d</name><value><double>1.5</double></value></member>
      <member><name>when</name><value><dateTime.iso8601>20261003T10:59:59</dateTime.iso8601></value></member>
      <member><name>b64</name><value><base64>aMOpbGxv</base64></value></member>
      <member><name>none</name><value><nil/></value></member>
      <member><name>empty</name><value><int></int></value></member>
      <member><name>cdata</name><value><string><![CDATA[<x>]]></string></value></member>
    </struct></value></param></params></methodCall>`;
    expect(parseMethodCall(call).params).toEqual({
      plain: ' a & b\rA ',
      i4: -7,
      yes: true,
      no: false,
      d: 1.5,
      when: '20261003T10:59:59',
      b64: Buffer.from('héllo'),
      none: null,
      empty: undefined,
      cdata: '<x>',
    });
  });

  it('decodes entities once: an escaped reference stays a reference, CDATA stays as written', () => {
    const call = `<methodCall><methodName>M</methodName><params><param><value><struct>
      <member><name>escaped</name><value>&amp;#65; &amp;lt;</value></member>
      <member><name>cdata</name><value><string><![CDATA[&amp; &#65;]]></string></value></member>
      <member><name>astral</name><value>&#x1F600;&#128512;</value></member>
    </struct></value></param></params></methodCall>`;
    expect(parseMethodCall(call).params).toEqual({ escaped: '&#65; &lt;', cdata: '&amp; &#65;', astral: '😀😀' });
  });

  it('takes the first param as the named parameters; anything but a struct is none (5.2 does so)', () => {
    const call =
      '<methodCall><methodName>M</methodName><params><param><value><int>5</int></value></param></params></methodCall>';
    expect(parseMethodCall(call).params).toEqual({});
    expect(parseMethodCall('<methodCall><methodName>M</methodName></methodCall>').params).toEqual({});
  });

  it('refuses a document type declaration, so no entity is ever expanded or fetched', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>
      <methodCall><methodName>&lol2;</methodName></methodCall>`;
    const external = `<!DOCTYPE m [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><methodCall><methodName>&xxe;</methodName></methodCall>`;
    for (const xml of [laughs, external]) expect(() => parseMethodCall(xml)).toThrow(XmlRpcClientFault);
  });

  it('refuses what is not well-formed or not a call, and values that are not their type', () => {
    expect(() => parseMethodCall('<methodCall><methodName>M</methodCall>')).toThrow(XmlRpcClientFault);
    expect(() => parseMethodCall('{"method":"M"}')).toThrow(XmlRpcClientFault);
    expect(() => parseMethodCall('<other/>')).toThrow(XmlRpcClientFault);
    const badInt =
      '<methodCall><methodName>M</methodName><params><param><value><struct><member><name>ids</name><value><int>abc</int></value></member></struct></value></param></params></methodCall>';
    expect(() => parseMethodCall(badInt)).toThrow(new XmlRpcInvalidValue('int', 'abc').message);
  });
});

describe('methodResponse', () => {
  it('types the result as 5.2 does: ints, booleans, dateTime members in XML-RPC form, nulls left out', () => {
    const xml = methodResponse([
      { id: 5, last_visit_ts: '2026-11-24T19:44:34Z', private: false, gone: null, summary: '<b>' },
    ]);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><methodResponse><params><param><value><array><data><value><struct>' +
        '<member><name>id</name><value><int>5</int></value></member>' +
        '<member><name>last_visit_ts</name><value><dateTime.iso8601>20261124T19:44:34</dateTime.iso8601></value></member>' +
        '<member><name>private</name><value><boolean>0</boolean></value></member>' +
        '<member><name>summary</name><value><string>&lt;b&gt;</string></value></member>' +
        '</struct></value></data></array></value></param></params></methodResponse>',
    );
  });

  it("types the time fields as 5.2's doubles with two decimals, whole hours too (qa-causes #138, #139)", () => {
    const xml = methodResponse({ bugs: [{ estimated_time: 4.5, remaining_time: 0, actual_time: 0.75, id: 48 }] });
    expect(xml).toContain('<name>estimated_time</name><value><double>4.50</double></value>');
    expect(xml).toContain('<name>remaining_time</name><value><double>0.00</double></value>');
    expect(xml).toContain('<name>actual_time</name><value><double>0.75</double></value>');
    expect(xml).toContain('<name>id</name><value><int>48</int></value>');
  });

  it('leaves a time-looking string alone outside the dateTime members (a summary stays a string)', () => {
    expect(parseMethodResponse(methodResponse({ summary: '2026-11-24T19:44:34Z' }))).toEqual({
      result: { summary: '2026-11-24T19:44:34Z' },
    });
  });

  it('a fault carries faultCode and faultString', () => {
    expect(parseMethodResponse(faultResponse(306, 'The API key you specified is invalid.'))).toEqual({
      fault: { faultCode: 306, faultString: 'The API key you specified is invalid.' },
    });
  });

  it('reads back what it writes, for any JSON-like struct (strings with XML specials and control-free text)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', '<', '>', '&', '"', "'", 'é', '7', '\n') });
    const leaf = fc.oneof(text, fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), fc.boolean());
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('node'), { maxLength: 3 }), tie('struct')),
      struct: fc.dictionary(fc.stringMatching(/^[a-z_]{1,8}$/), tie('node'), { maxKeys: 4 }),
    }));
    fc.assert(
      fc.property(value.struct, (params) => {
        const call = methodCall('Bug.get', params as Record<string, unknown>);
        expect(parseMethodCall(call)).toEqual({ method: 'Bug.get', params });
      }),
    );
  });
});
