import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { BugzillaError } from '../bugzilla/errors.js';

/** The hostname of a Host header: lower case, without port or IPv6 brackets. */
export function hostnameOf(hostHeader: string): string {
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(1, host.indexOf(']'));
  const colon = host.lastIndexOf(':');
  return colon >= 0 && host.indexOf(':') === colon ? host.slice(0, colon) : host;
}

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '::1' || (isIP(hostname) === 4 && hostname.startsWith('127.'));
}

/**
 * Which Host headers this server answers: its loopback names, the address it
 * is bound to (every local address when bound to all), and any the user
 * allowed. A web page can make the browser send requests to 127.0.0.1 under a
 * name it controls (DNS rebinding); such a Host names no address of ours.
 */
export function hostPolicy(bindHost: string, allowed: readonly string[] = []): (hostname: string) => boolean {
  const names = new Set(allowed.map((host) => hostnameOf(host)));
  const bound = hostnameOf(bindHost);
  if (bound === '0.0.0.0' || bound === '::') {
    for (const addresses of Object.values(networkInterfaces())) {
      for (const address of addresses ?? []) names.add(address.address.toLowerCase());
    }
  } else {
    names.add(bound);
  }
  return (hostname) => isLoopback(hostname) || names.has(hostname);
}

/**
 * A check of the Host header that throws the refusal, remembering its verdict
 * for each distinct header (a handful in practice, bounded anyway): it runs on
 * every request, and parsing the header each time cost several percent.
 */
export function hostGuard(accepts: (hostname: string) => boolean): (hostHeader: string | undefined) => void {
  const verdicts = new Map<string, boolean>();
  return (header) => {
    // HTTP/1.0 clients may send no Host; browsers always do, so rebinding always carries one.
    if (!header) return;
    let accepted = verdicts.get(header);
    if (accepted === undefined) {
      accepted = accepts(hostnameOf(header));
      if (verdicts.size >= 256) verdicts.clear();
      verdicts.set(header, accepted);
    }
    if (!accepted) {
      const name = hostnameOf(header);
      throw new BugzillaError(
        32000,
        `Refused: '${name}' is not an address of this server (a defence against DNS rebinding). ` +
          `If you meant to reach it by that name, start it with --allowed-host ${name}.`,
        { status: 403 },
      );
    }
  };
}
