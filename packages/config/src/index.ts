export { booleanFromEnv, durationMs, listFromEnv, port } from "./env-types";
export { ConfigError, parseConfig } from "./parse-config";
