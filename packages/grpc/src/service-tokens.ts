import { createHash } from "node:crypto";
import { type Clock, systemClock } from "@kurz/clock";
import { AppError, isErrorCode } from "@kurz/errors";
import type { CallTokenSource } from "./call-credentials";
import {
  ACCESS_TOKEN_TYPE,
  API_KEY_TOKEN_TYPE,
  CLIENT_CREDENTIALS_GRANT,
  TOKEN_EXCHANGE_GRANT,
} from "./internal-tokens";

/** Wall-clock time: the part of @kurz/clock's Clock token renewal reads. */
type WallClock = Pick<Clock, "now">;

/** Tokens held at most (one per callee, plus one per API key and callee); the oldest go first. */
const MAX_HELD = 10_000;

export interface ServiceTokensOptions {
  /** auth-server's internal token endpoint (internalTokenUrl(AUTH_SERVER_HTTP_URL)). */
  tokenUrl: string;
  /** This service's client id: its service name. */
  clientId: string;
  clientSecret: string;
  /** Cache lifetimes are judged by this clock (tests move it across a token's renewal). */
  clock?: WallClock;
  /** A token is renewed this long before it expires (at most half its lifetime). Default 60 s. */
  renewBeforeSec?: number;
  /** One token request's budget. Default 3 s. */
  timeoutMs?: number;
}

export interface ServiceTokens extends CallTokenSource {
  /** Token requests sent to auth-server so far (to observe caching). */
  readonly requests: number;
}

interface Held {
  token: string;
  renewAtMs: number;
  expiresAtMs: number;
}

interface TokenResponseBody {
  access_token?: unknown;
  expires_in?: unknown;
  error?: unknown;
  error_description?: unknown;
  code?: unknown;
}

/** RFC 6749 §2.3.1: id and secret are form-urlencoded, then joined for Basic. */
function basicAuthorization(clientId: string, secret: string): string {
  const encode = (value: string) => encodeURIComponent(value).replaceAll("%20", "+");
  return `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString("base64")}`;
}

/**
 * A refusal of the token endpoint as the AppError the caller's caller should see. An API key
 * refused in an exchange keeps auth-server's Kurz code (AUTHENTICATION_REQUIRED, PLAN_REQUIRED,
 * FORBIDDEN), so the MCP gateway answers exactly as VerifyApiKey would; a refused service
 * credential is a deployment fault, never the end user's.
 */
function refusalOf(status: number, body: TokenResponseBody, exchange: boolean): AppError {
  const description = typeof body.error_description === "string" ? body.error_description : "refused";
  if (exchange && typeof body.code === "string" && isErrorCode(body.code)) {
    return new AppError(body.code, { message: description });
  }
  if (status >= 500 || status === 429) {
    return new AppError("DEPENDENCY_UNAVAILABLE", { message: "auth-server cannot issue tokens now" });
  }
  return new AppError("INTERNAL", {
    message: "This service's credential was refused by auth-server",
    cause: new Error(`token endpoint ${status}: ${String(body.error)}: ${description}`),
  });
}

/**
 * A service's tokens from auth-server's internal token endpoint: its own (client_credentials,
 * RFC 6749 §4.4) and an API key's account's (token exchange, RFC 8693), one per callee
 * (audience). Each is kept until shortly before it expires, by the injected clock; concurrent
 * calls share one request.
 */
export function createServiceTokens(options: ServiceTokensOptions): ServiceTokens {
  const clock = options.clock ?? systemClock;
  const renewBeforeMs = (options.renewBeforeSec ?? 60) * 1000;
  const held = new Map<string, Held>();
  const inFlight = new Map<string, Promise<string>>();
  const authorization = basicAuthorization(options.clientId, options.clientSecret);
  let requests = 0;

  async function request(form: URLSearchParams, exchange: boolean): Promise<Held> {
    requests++;
    let response: Response;
    try {
      response = await fetch(options.tokenUrl, {
        method: "POST",
        headers: {
          authorization,
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body: form,
        signal: AbortSignal.timeout(options.timeoutMs ?? 3_000),
      });
    } catch (error) {
      throw new AppError("DEPENDENCY_UNAVAILABLE", {
        message: "auth-server cannot issue tokens now",
        cause: error,
      });
    }
    const body = (await response.json().catch(() => ({}))) as TokenResponseBody;
    if (!response.ok) throw refusalOf(response.status, body, exchange);
    if (typeof body.access_token !== "string" || typeof body.expires_in !== "number") {
      throw new AppError("DEPENDENCY_UNAVAILABLE", { message: "auth-server answered without a token" });
    }
    const nowMs = clock.now().getTime();
    const lifetimeMs = body.expires_in * 1000;
    return {
      token: body.access_token,
      expiresAtMs: nowMs + lifetimeMs,
      renewAtMs: nowMs + lifetimeMs - Math.min(renewBeforeMs, lifetimeMs / 2),
    };
  }

  function cached(key: string, form: () => URLSearchParams, exchange: boolean): Promise<string> {
    const entry = held.get(key);
    const nowMs = clock.now().getTime();
    if (entry && nowMs < entry.renewAtMs) return Promise.resolve(entry.token);
    let pending = inFlight.get(key);
    if (!pending) {
      pending = request(form(), exchange)
        .then((fresh) => {
          held.delete(key);
          if (held.size >= MAX_HELD) held.delete(held.keys().next().value as string);
          held.set(key, fresh);
          return fresh.token;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    // Renewal starts early so a brief auth-server outage costs nothing while the token lives.
    if (entry && nowMs < entry.expiresAtMs) {
      const stillValid = entry.token;
      return pending.catch(() => stillValid);
    }
    return pending;
  }

  return {
    get requests() {
      return requests;
    },

    serviceToken: (audience) =>
      cached(
        `service\n${audience}`,
        () => new URLSearchParams({ grant_type: CLIENT_CREDENTIALS_GRANT, audience }),
        false,
      ),

    apiKeyToken: (apiKey, audience) =>
      cached(
        // The key itself is never a map key in memory: its digest is.
        `key\n${createHash("sha256").update(apiKey).digest("base64url")}\n${audience}`,
        () =>
          new URLSearchParams({
            grant_type: TOKEN_EXCHANGE_GRANT,
            subject_token: apiKey,
            subject_token_type: API_KEY_TOKEN_TYPE,
            requested_token_type: ACCESS_TOKEN_TYPE,
            audience,
          }),
        true,
      ),
  };
}
