import { AppError } from "@kurz/errors";

/** IMPORT_MAX_CONCURRENT_UPLOADS's default: four 50 MiB files fit the chart's 256 Mi /tmp. */
export const DEFAULT_MAX_CONCURRENT_UPLOADS = 4;

/** How many import uploads one link-api process spools at once (IMPORT_MAX_CONCURRENT_UPLOADS). */
export interface UploadGate {
  /** Takes a place, or refuses with 429 RATE_LIMITED when every place is taken; returns its release. */
  enter(): () => void;
}

/**
 * Bounds the uploads being spooled at once: each may hold up to IMPORT_MAX_BYTES of the temp
 * directory (a Kubernetes emptyDir whose size limit evicts the pod when passed), so many large
 * uploads at once are refused with a retryable 429 rather than filling it.
 */
export function createUploadGate(max: number): UploadGate {
  let inUse = 0;
  return {
    enter() {
      if (inUse >= max) {
        throw new AppError("RATE_LIMITED", {
          message: `At most ${max} import uploads are received at once; retry shortly`,
        });
      }
      inUse++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        inUse--;
      };
    },
  };
}
