/**
 * A readiness check asks one dependency whether it answers (database ping, cache ping, broker
 * metadata, downstream gRPC health). /readyz runs them all, each bounded by a timeout, so one
 * hung dependency cannot hang the probe.
 */
export interface ReadinessCheck {
  name: string;
  check: () => Promise<void>;
  /**
   * false: reported, but does not make the service unready. Used for downstream services the
   * service can work without for a while (the redirector serves cached links while link-api is
   * away; failing readiness there would take the whole edge down with it).
   */
  critical?: boolean;
}

export interface ReadinessResult {
  ready: boolean;
  checks: Record<string, { ok: boolean; critical: boolean; error?: string; ms: number }>;
}

export async function runReadinessChecks(
  checks: readonly ReadinessCheck[],
  timeoutMs: number,
): Promise<ReadinessResult> {
  const entries = await Promise.all(
    checks.map(async ({ name, check, critical = true }) => {
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          check(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
          }),
        ]);
        return [name, { ok: true, critical, ms: Math.round(performance.now() - started) }] as const;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return [
          name,
          { ok: false, critical, error: message, ms: Math.round(performance.now() - started) },
        ] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const result = Object.fromEntries(entries);
  return { ready: entries.every(([, r]) => r.ok || !r.critical), checks: result };
}
