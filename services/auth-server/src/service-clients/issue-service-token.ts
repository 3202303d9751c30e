import type { AuthContext } from "../auth-context";
import type { FormParams } from "../oauth/form-params";
import { audienceOf, type InternalTokenResponse, issueInternalToken } from "./issue-internal-token";
import type { CallingService } from "./service-client-config";

/** RFC 6749 §4.4 client_credentials: the service's own token for one callee. */
export function issueServiceToken(
  ctx: AuthContext,
  service: CallingService,
  form: FormParams,
): Promise<InternalTokenResponse> {
  return issueInternalToken(ctx, { service, audience: audienceOf(form.get("audience")) });
}
