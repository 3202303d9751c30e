import { type GeoLocation, type GeoLocator, openGeoLocator } from "./geo-locator";

/** Where the opening is told (a service's logger fits). */
export interface GeoOpenLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

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
 * The geo database, opened when first needed (the redirector: the first visit of a link with a geo
 * rule; link-api: the first simulation of one): most replicas never need it, and the bundled GeoLite2 files take ~45 MB in memory. `databasePath` unset: the bundled
 * GeoLite2 data (no region codes); set: a MaxMind City .mmdb. A database that fails to open is
 * logged and places stay unknown (no geo rule matches); a call at least a minute later tries
 * again, so a bad path costs one log line a minute, not one a visit.
 */
export function createLazyGeoLocator(databasePath: string | undefined, log: GeoOpenLog): LazyGeoLocator {
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
          log.info({ event: "geo.opened", source: opened.source }, "geo database opened");
        },
        (error: unknown) => {
          opening = undefined;
          failedAt = performance.now();
          log.error({ event: "geo.open_failed", err: error }, "geo database failed to open");
        },
      );
      return opening;
    },
    locate(ip) {
      return locator === undefined ? UNKNOWN : locator.locate(ip);
    },
  };
}
