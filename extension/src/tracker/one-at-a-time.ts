/** Per tracker: the end of the last request let through. */
const lanes = new Map<string, Promise<unknown>>();

/**
 * A fetch that lets one request at a time through to a tracker (by `lane`),
 * each waiting until the previous one's body has arrived. Bugzilla 5.0/5.2
 * stamp the API key's `last_used` on every request, and two requests with the
 * same key at the same moment make one of them fail (an empty 200): this
 * extension never races itself there.
 */
export function oneAtATime(lane: string, fetchImpl: typeof fetch): typeof fetch {
  return (input, init) => {
    const run = async () => {
      const response = await fetchImpl(input, init);
      // A redirect handed back unfollowed (opaque) has no body to wait for, and cannot be rebuilt.
      if (response.type === 'opaqueredirect' || response.status < 200) return response;
      const body = await response.arrayBuffer();
      return new Response(response.status === 204 || response.status === 304 ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    };
    const result = (lanes.get(lane) ?? Promise.resolve()).then(run, run);
    lanes.set(
      lane,
      result.catch(() => {}),
    );
    return result;
  };
}
