import type { Logger } from "@kurz/logger";
import type { Clock } from "@kurz/service-runtime";
import type { VariantStatsSource } from "./analytics/variant-stats-source";
import type { AbtestDatabase } from "./db/abtest-database";
import type { LinkDirectory } from "./links/link-directory";
import type { AbTestAllowances } from "./plans/ab-test-allowance";

/** What every A/B test operation may use. */
export interface AbtestContext {
  db: AbtestDatabase;
  links: LinkDirectory;
  variantStats: VariantStatsSource;
  allowances: AbTestAllowances;
  logger: Logger;
  clock: Clock;
  /** Always-valid intervals' tuning constant N* (AB_SEQUENTIAL_TUNING). */
  sequentialTuning: number;
  /** Wakes the outbox relay after a commit that wrote events. */
  eventsWritten(): void;
}
