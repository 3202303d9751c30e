import { AppError } from "@kurz/errors";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { findStringFault } from "./find-string-fault";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Query parameters this route reads as lists (`?tag=a&tag=b`); every other one is single. */
    repeatableQuery?: readonly string[];
  }
}

function refuse(path: string, message: string): AppError {
  return new AppError("VALIDATION_ERROR", {
    message: `${path}: ${message}`,
    details: { issues: [{ path, message }] },
  });
}

function checkRequest(request: FastifyRequest): AppError | undefined {
  const query = request.query;
  if (query && typeof query === "object") {
    const repeatable = request.routeOptions.config.repeatableQuery ?? [];
    for (const [name, value] of Object.entries(query)) {
      if (Array.isArray(value) && !repeatable.includes(name)) {
        return refuse(`query.${name}`, "given more than once; it takes one value");
      }
    }
  }
  const found =
    findStringFault(request.params, "params") ??
    findStringFault(query, "query") ??
    findStringFault(request.body, "body");
  return found ? refuse(found.path, `contains a ${found.fault}`) : undefined;
}

/**
 * The input rule at the boundary of every service (createHttpApp installs it): before any schema,
 * handler or database sees a request, every string of its path parameters, query and parsed
 * body obeys string-faults.ts, and a query parameter given twice is refused unless the route
 * declares it a list (`config.repeatableQuery`). The refusal is 400 VALIDATION_ERROR naming the
 * field; a new route gets the rule without doing anything.
 */
export function refuseFaultyInput(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    const error = checkRequest(request);
    if (error) throw error;
  });
}
