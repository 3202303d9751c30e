import type { TokenVerifier } from "@kurz/auth-verifier";
import type { UploadGate } from "../imports/upload-gate";
import type { LinkApiContext } from "../link-api-context";

export interface ApiDependencies {
  ctx: LinkApiContext;
  verifier: TokenVerifier;
  imports: {
    /** The largest import file, in bytes: more is 413 PAYLOAD_TOO_LARGE. */
    maxBytes: number;
    /** Bounds the uploads received at once (IMPORT_MAX_CONCURRENT_UPLOADS). */
    uploads: UploadGate;
    /** An import was queued: the worker looks now. */
    queued(): void;
  };
}
