/** A rendered Kubernetes object, as far as the checks here read it. */
export interface Manifest {
  apiVersion?: unknown;
  kind?: unknown;
  metadata?: { name?: unknown };
  spec?: Record<string, unknown>;
}
