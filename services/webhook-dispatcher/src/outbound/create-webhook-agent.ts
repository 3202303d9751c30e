import { type AllowedTargets, createGuardedConnector, type Resolver } from "@kurz/ssrf";
import { Agent } from "undici";

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
 * The undici Agent every webhook goes through, on @kurz/ssrf's guarded connector (every socket
 * reaches vetted addresses only; plain http only the allowed targets).
 *
 * undici 7's Agent never follows redirects (that takes the redirect interceptor, not composed
 * here): a 3xx comes back as the answer.
 */
export function createWebhookAgent(options: WebhookAgentOptions): WebhookAgent {
  const { allowedTargets, resolver } = options;
  const connect = createGuardedConnector({
    allowedTargets,
    ...(resolver ? { resolver } : {}),
    timeoutMs: options.connectTimeoutMs ?? 10_000,
  });
  const dispatcher = new Agent({ connect });
  return { dispatcher, allowedTargets, close: () => dispatcher.close() };
}
