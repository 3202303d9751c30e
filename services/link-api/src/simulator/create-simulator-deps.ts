import { createLazyGeoLocator, createUserAgentClassifier } from "@kurz/click-enrichment";
import type { Logger } from "@kurz/logger";
import type { SimulatorDeps } from "./simulate-redirect";

/**
 * The simulator's view of a visitor's agent and place: the redirector's classifier, and its geo
 * database opened on the first simulation that needs it (GEOIP_DATABASE_PATH, else the bundled
 * GeoLite2 data), so a link-api that never simulates a geo rule never holds it.
 */
export function createSimulatorDeps(geoDatabasePath: string | undefined, logger: Logger): SimulatorDeps {
  const geo = createLazyGeoLocator(geoDatabasePath, logger);
  return {
    classify: createUserAgentClassifier(2_000),
    locate: async (ip) => {
      await geo.ready();
      return geo.locate(ip);
    },
  };
}
