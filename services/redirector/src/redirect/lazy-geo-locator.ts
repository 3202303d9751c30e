import { type GeoLocation, type GeoLocator, openGeoLocator } from "@kurz/click-enrichment";
import type { Logger } from "@kurz/logger";

export interface LazyGeoLocator {
  /** The database is open: `locate` answers. */
  readonly open: boolean;
  /** Opens the database once (later calls share the first); never rejects (see below). */
  ready(): Promise<void>;
  /** The address's place; unknown while the database is not open. */
  locate(ip: string): GeoLocation;
}

const RETRY_AFTER_MS = 60_000;
const UNKNOWN: GeoLocation = { country: "", region: "", city: "", regionCode: "" };

/**
 * The geo database, opened on the first visit of a link with a geo condition: most replicas never
 * need it, and the bundled GeoLite2 files take ~45 MB in memory. `databasePath` unset: the bundled
 * GeoLite2 data (no region codes); set: a MaxMind City .mmdb. A database that fails to open is
 * logged and geo conditions stay unknown (no rule on them matches); a visit at least a minute
 * later tries again, so a bad path costs one log line a minute, not one a visit.
 */
export function createLazyGeoLocator(databasePath: string | undefined, logger: Logger): LazyGeoLocator {
  let locator: GeoLocator | undefined;
  let opening: Promise<void> | undefined;
  let failedAt = Number.NEGATIVE_INFINITY;
  return {
    get open() {
      return locator !== undefined;
    },
    ready() {
      if (opening === undefined && performance.now() - failedAt < RETRY_AFTER_MS) return Promise.resolve();
      opening ??= openGeoLocator(databasePath).then(
        (opened) => {
          locator = opened;
          logger.info({ event: "redirect.geo_opened", source: opened.source }, "geo database opened");
        },
        (error: unknown) => {
          opening = undefined;
          failedAt = performance.now();
          logger.error({ event: "redirect.geo_open_failed", err: error }, "geo database failed to open");
        },
      );
      return opening;
    },
    locate(ip) {
      return locator === undefined ? UNKNOWN : locator.locate(ip);
    },
  };
}
