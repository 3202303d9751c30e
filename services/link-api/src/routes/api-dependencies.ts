import type { TokenVerifier } from "@kurz/auth-verifier";
import type { LinkApiContext } from "../link-api-context";

export interface ApiDependencies {
  ctx: LinkApiContext;
  verifier: TokenVerifier;
}
