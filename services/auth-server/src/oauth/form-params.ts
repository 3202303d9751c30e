import { OAuthError } from "./oauth-error";

/**
 * Request parameters of the OAuth endpoints. RFC 6749 §3.1/§3.2: a parameter sent twice is
 * invalid_request, and a parameter sent empty counts as absent.
 */
export class FormParams {
  constructor(private readonly params: URLSearchParams) {}

  static of(body: unknown): FormParams {
    return new FormParams(body instanceof URLSearchParams ? body : new URLSearchParams());
  }

  get(name: string): string | undefined {
    const values = this.params.getAll(name);
    if (values.length > 1) throw new OAuthError("invalid_request", `Parameter ${name} must not be repeated`);
    return values[0] || undefined;
  }

  require(name: string): string {
    const value = this.get(name);
    if (value === undefined) throw new OAuthError("invalid_request", `Missing required parameter: ${name}`);
    return value;
  }
}
