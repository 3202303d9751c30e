import type { TokenVerifier } from "@kurz/auth-verifier";
import type { UploadGate } from "../imports/upload-gate";
import type { LinkApiContext } from "../link-api-context";
import type { SimulatorDeps } from "../simulator/simulate-redirect";

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
  /** The redirect simulator's agent classifier and geo lookup. */
  simulator: SimulatorDeps;
}
