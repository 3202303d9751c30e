import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { linksV1 } from "@kurz/proto";
import { optionalText } from "@kurz/service-runtime";
import type { Simulation } from "../simulator/simulate-input-schema";

/** A SimulateRedirectRequest as the REST body it stands for ("" read as absent). */
export function simulateInputOf(request: linksV1.SimulateRedirectRequest): Record<string, unknown> {
  return {
    user_agent: optionalText(request.userAgent),
    accept_language: optionalText(request.acceptLanguage),
    ip: optionalText(request.ip),
    country: optionalText(request.country),
    region: optionalText(request.region),
    city: optionalText(request.city),
    referrer: optionalText(request.referrer),
    query: Object.keys(request.query).length > 0 ? request.query : undefined,
    at: request.at ? timestampDate(request.at).toISOString() : undefined,
  };
}

/** A simulation as the SimulateRedirectResponse. */
export function simulationMessageOf(simulation: Simulation) {
  return {
    destinationUrl: simulation.destination_url,
    statusCode: simulation.status_code,
    matched: simulation.matched,
    rule: simulation.rule ? { ...simulation.rule, name: simulation.rule.name ?? "" } : undefined,
    explanation: simulation.explanation,
  };
}
