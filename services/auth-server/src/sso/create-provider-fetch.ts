import { isIP } from "node:net";
import { type AllowedTargets, bareHost, createGuardedConnector } from "@kurz/ssrf";
import { Agent, fetch as undiciFetch } from "undici";

/** How auth-server talks to OpenID providers: only through this. */
export interface ProviderHttp {
  /** A fetch whose sockets reach only vetted addresses (oauth4webapi's customFetch). */
  fetch(url: string, init: RequestInit): Promise<Response>;
  /**
   * Whether plain http may be used for this URL: only toward allowed targets (local development
   * and tests); the connector refuses anything else anyway.
   */
  allowsPlainHttp(url: URL): boolean;
  close(): Promise<void>;
}

/**
 * The SSRF guard of webhooks (@kurz/ssrf's guarded connector), for OpenID providers: no
 * loopback, private, link-local or metadata address unless SSO_ALLOWED_TARGETS allows it, plain
 * http to allowed targets only, and each request ends after `timeoutMs`.
 */
export function createProviderHttp(options: {
  allowedTargets: AllowedTargets;
  timeoutMs: number;
}): ProviderHttp {
  const { allowedTargets, timeoutMs } = options;
  const connect = createGuardedConnector({ allowedTargets, timeoutMs });
  const dispatcher = new Agent({ connect });
  return {
    fetch: (url, init) =>
      undiciFetch(url, {
        ...(init as Parameters<typeof undiciFetch>[1]),
        dispatcher,
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      }) as unknown as Promise<Response>,
    allowsPlainHttp: (url) => {
      const host = bareHost(url.hostname);
      return allowedTargets.ranges.length > 0 && (isIP(host) === 0 || allowedTargets.includes(host));
    },
    close: () => dispatcher.close(),
  };
}
