export interface EndpointSigningSecrets {
  /** The endpoint's secret as shown to its owner now (`whsec_...`). */
  current: string;
  /**
   * The secret replaced by the last rotation. It keeps signing until `expiresAt` so receivers can
   * switch over without rejecting deliveries in between.
   */
  previous?: { secret: string; expiresAt: Date } | null;
}

/**
 * The secrets to sign a delivery with at `now`. Time is an argument, not read here, so the
 * service's injectable clock decides and tests can stand either side of the expiry.
 */
export function activeSigningSecrets(secrets: EndpointSigningSecrets, now: Date): string[] {
  const { current, previous } = secrets;
  // Current first: a receiver that (against the spec) checks only the first signature still
  // verifies once it has switched to the new secret.
  if (previous && now.getTime() < previous.expiresAt.getTime()) {
    return [current, previous.secret];
  }
  return [current];
}
