import { isIP } from "node:net";
import {
  type AllowedTargets,
  BlockedAddressError,
  createGuardedLookup,
  type Resolver,
  vetAddress,
} from "@kurz/ssrf";
import { Agent, buildConnector } from "undici";

export interface WebhookAgentOptions {
  /** WEBHOOK_ALLOWED_TARGETS, parsed: private ranges deliveries may reach, and the only ones plain http may. */
  allowedTargets: AllowedTargets;
  /** Default: getaddrinfo (systemResolver). Tests inject a scripted one. */
  resolver?: Resolver;
  /** Longest wait for TCP and TLS set-up; default 10 s (postWebhook's timeout bounds the whole attempt). */
  connectTimeoutMs?: number;
}

/** One per dispatcher: its pool keeps connections to each endpoint's origin alive between deliveries. */
export interface WebhookAgent {
  readonly dispatcher: Agent;
  readonly allowedTargets: AllowedTargets;
  close(): Promise<void>;
}

/**
 * The undici Agent every webhook goes through. Its sockets resolve their host with the guarded
 * lookup, so TLS and plain connections alike reach only vetted addresses, and each new connection
 * is resolved and vetted again (a name that rebinds to 127.0.0.1 gets no new connection). Plain
 * http sockets only reach the allowed targets. Node skips `lookup` for IP-literal hosts, so the
 * connector vets those itself.
 *
 * undici 7's Agent never follows redirects (that takes the redirect interceptor, not composed
 * here): a 3xx comes back as the answer.
 */
export function createWebhookAgent(options: WebhookAgentOptions): WebhookAgent {
  const { allowedTargets, resolver } = options;
  const timeout = options.connectTimeoutMs ?? 10_000;
  const guarded = (allowedTargetsOnly: boolean) =>
    buildConnector({
      timeout,
      lookup: createGuardedLookup({ allowedTargets, resolver, allowedTargetsOnly }),
    });
  const connectTls = guarded(false);
  const connectPlain = guarded(true);

  const connect: buildConnector.connector = (target, callback) => {
    const plain = target.protocol !== "https:";
    const family = isIP(target.hostname);
    if (family !== 0) {
      const verdict = vetAddress(target.hostname, allowedTargets, { allowedTargetsOnly: plain });
      if (!verdict.allowed) {
        const error = new BlockedAddressError(target.hostname, [
          { address: target.hostname, family, ...verdict },
        ]);
        // Asynchronously, as a failed socket would: undici does not expect its callback re-entrantly.
        queueMicrotask(() => callback(error, null));
        return;
      }
    }
    (plain ? connectPlain : connectTls)(target, callback);
  };

  const dispatcher = new Agent({ connect });
  return { dispatcher, allowedTargets, close: () => dispatcher.close() };
}
