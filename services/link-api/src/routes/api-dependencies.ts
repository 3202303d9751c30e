import type { TokenVerifier } from "@kurz/auth-verifier";
import type { LinkApiContext } from "../link-api-context";

export interface ApiDependencies {
  ctx: LinkApiContext;
  verifier: TokenVerifier;
  imports: {
    /** The largest import file, in bytes: more is 413 PAYLOAD_TOO_LARGE. */
    maxBytes: number;
    /** An import was queued: the worker looks now. */
    queued(): void;
  };
}
