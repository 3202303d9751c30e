import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { paths } from "../../api/schema.generated";
import type { ShortUrl } from "../links/short-url";

type SimulateRoute = paths["/api/v1/urls/{code}/simulate"]["post"];

/** A visitor to simulate; every field optional. */
export type SimulatedVisitor = NonNullable<SimulateRoute["requestBody"]>["content"]["application/json"];

/** Where the visitor goes, which decision sent them there, and the explanation lines. */
export type Simulation = SimulateRoute["responses"][200]["content"]["application/json"];

/** Where the saved link sends this visitor, and why; by link id so its host does not matter. */
export function simulateVisit(link: ShortUrl, visitor: SimulatedVisitor, signal?: AbortSignal) {
  return readData(
    api.POST("/api/v1/urls/{code}/simulate", {
      params: { path: { code: link.linkId } },
      body: visitor,
      ...(signal ? { signal } : {}),
    }),
  );
}
