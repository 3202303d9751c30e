import type { Client } from "openapi-fetch";
import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { ShortUrl } from "../links/short-url";

/** A visitor to simulate; every field optional. */
export interface SimulatedVisitor {
  user_agent?: string;
  accept_language?: string;
  ip?: string;
  country?: string;
  region?: string;
  city?: string;
  referrer?: string;
  query?: Record<string, string>;
  at?: string;
}

export interface Simulation {
  destination_url: string;
  status_code: number;
  matched: "expired" | "password" | "deep_link" | "rule" | "ab_test" | "default" | "preview";
  rule: { id: string; name?: string | null; index: number } | null;
  explanation: string[];
}

/** The simulator's route, typed here until the generated API types carry it. */
interface SimulatePaths {
  "/api/v1/urls/{code}/simulate": {
    parameters: { query?: never; header?: never; path: { code: string }; cookie?: never };
    get?: never;
    put?: never;
    post: {
      parameters: { query?: never; header?: never; path: { code: string }; cookie?: never };
      requestBody: { content: { "application/json": SimulatedVisitor } };
      responses: {
        200: { headers: Record<string, unknown>; content: { "application/json": Simulation } };
      };
    };
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}

const simulator = api as unknown as Client<SimulatePaths>;

/** Where the saved link sends this visitor, and why; by link id so its host does not matter. */
export function simulateVisit(link: ShortUrl, visitor: SimulatedVisitor, signal?: AbortSignal) {
  return readData(
    simulator.POST("/api/v1/urls/{code}/simulate", {
      params: { path: { code: link.linkId } },
      body: visitor,
      ...(signal ? { signal } : {}),
    }),
  );
}
