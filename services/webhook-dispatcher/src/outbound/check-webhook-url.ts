import { isIP } from "node:net";
import { AppError } from "@kurz/errors";
import {
  type AllowedTargets,
  bareHost,
  classifyDestinationHost,
  type Resolver,
  resolveVettedAddresses,
  type VettedAddresses,
} from "@kurz/ssrf";

export const MAX_WEBHOOK_URL_LENGTH = 2_048;

export interface CheckWebhookUrlOptions {
  /** WEBHOOK_ALLOWED_TARGETS, parsed. */
  allowedTargets: AllowedTargets;
  /** Default: getaddrinfo. Tests inject a scripted one. */
  resolver?: Resolver;
  /**
   * The longest the name's resolution may take (default 3 s): a resolver that stalls (glibc waits
   * 5 s a server and query before trying the next) must not hold the customer's request for half
   * a minute; past it the check fails as a retryable DEPENDENCY_UNAVAILABLE.
   */
  resolveTimeoutMs?: number;
}

const DEFAULT_RESOLVE_TIMEOUT_MS = 3_000;

const PUBLIC_ONLY_HINT =
  "Use an endpoint reachable on the public internet over https (a self-hosted Kurz can allow private ranges with WEBHOOK_ALLOWED_TARGETS).";

/**
 * Checks an endpoint URL when it is created or changed and answers it normalised (WHATWG form,
 * fragment dropped), or throws VALIDATION_ERROR with details.field "url" and a stable
 * details.reason. In order, cheapest first:
 * 1. at most 2048 characters, an absolute URL, http(s), no user:password@;
 * 2. a name that only lives inside networks (localhost, *.internal, *.local) is refused without
 *    asking DNS, unless allowed targets are set (then 3 decides);
 * 3. an IP literal — in any notation, which WHATWG URL has already made dotted decimal — is
 *    judged as it is; a name resolves now (over http only when allowed targets are set at all)
 *    and every answer must be allowed: one private answer refuses the URL, and an internal name
 *    must resolve to allowed targets only;
 * 4. plain http only if every address is an allowed target.
 * This is a courtesy to the customer (a mistake shows at once): deliveries are guarded at every
 * connection anyway, since DNS answers change (createWebhookAgent).
 */
export async function checkWebhookUrl(input: string, options: CheckWebhookUrlOptions): Promise<string> {
  const { allowedTargets } = options;
  if (input.length > MAX_WEBHOOK_URL_LENGTH) {
    refuse(
      "too_long",
      `url is longer than ${MAX_WEBHOOK_URL_LENGTH} characters`,
      "Use a shorter endpoint URL.",
    );
  }
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    refuse(
      "invalid_url",
      "url is not an absolute URL",
      "Give the full URL, e.g. https://example.com/webhooks.",
    );
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    refuse("unsupported_scheme", `url must use https, not ${url.protocol}`, "Use an https:// URL.");
  }
  if (url.username !== "" || url.password !== "") {
    refuse(
      "credentials_in_url",
      "url must not contain a user name or password",
      "Remove user:password@ from the URL; check the webhook signature headers to authenticate Kurz instead.",
    );
  }
  const plain = url.protocol === "http:";
  const host = bareHost(url.hostname);
  const literal = isIP(host) !== 0;
  const byName = literal ? undefined : classifyDestinationHost(host);
  if (byName?.blocked && allowedTargets.ranges.length === 0) {
    refuse(byName.reason, `url points at ${host}, ${byName.description}`, PUBLIC_ONLY_HINT);
  }
  // Without allowed targets plain http cannot pass, so a name is not worth a DNS query; a literal
  // costs none (resolveVettedAddresses judges it as it is) and its refusal says more.
  if (plain && !literal && allowedTargets.ranges.length === 0) refuseHttp();
  const vetted = await resolve(host, options);
  const [refused] = vetted.refused;
  if (refused) {
    // A name's resolved address is not repeated back: behind split-horizon DNS it would map our network.
    const where = literal ? `${host},` : `${host}, which resolves to`;
    refuse(refused.reason, `url points at ${where} ${refused.description}`, PUBLIC_ONLY_HINT);
  }
  if (vetted.allowed.length === 0) notFound(host);
  const onlyAllowedTargets = vetted.allowed.every(({ address }) => allowedTargets.includes(address));
  if (byName?.blocked && !onlyAllowedTargets) {
    refuse(byName.reason, `url points at ${host}, ${byName.description}`, PUBLIC_ONLY_HINT);
  }
  if (plain && !onlyAllowedTargets) refuseHttp();

  url.hash = "";
  if (url.href.length > MAX_WEBHOOK_URL_LENGTH) {
    refuse(
      "too_long",
      `url is longer than ${MAX_WEBHOOK_URL_LENGTH} characters`,
      "Use a shorter endpoint URL.",
    );
  }
  return url.href;
}

async function resolve(host: string, options: CheckWebhookUrlOptions): Promise<VettedAddresses> {
  const timeoutMs = options.resolveTimeoutMs ?? DEFAULT_RESOLVE_TIMEOUT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(Object.assign(new Error(`resolving ${host} took over ${timeoutMs} ms`), { code: "ETIMEOUT" })),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([resolveVettedAddresses(host, options), deadline]);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOTFOUND" || code === "ENODATA") notFound(host);
    // EAI_AGAIN, SERVFAIL, …: our resolver's trouble, not the customer's mistake.
    throw new AppError("DEPENDENCY_UNAVAILABLE", { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

function refuse(reason: string, message: string, hint: string): never {
  throw new AppError("VALIDATION_ERROR", { message, details: { field: "url", reason }, hint });
}

function refuseHttp(): never {
  refuse("https_required", "url must use https", "Use an https:// URL: webhooks carry signed event data.");
}

function notFound(host: string): never {
  refuse(
    "host_not_found",
    `url's host ${host} does not resolve`,
    "Check the host name; it must resolve in public DNS.",
  );
}
