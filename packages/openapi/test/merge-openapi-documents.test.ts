import type { OpenAPIV3_1 } from "openapi-types";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { buildOpenApiFragment, mergeOpenApiDocuments } from "../src";

const base: OpenAPIV3_1.Document = {
  openapi: "3.1.0",
  info: { title: "Test", version: "1" },
  tags: [{ name: "Things", description: "Described" }, { name: "Unused" }],
  paths: {},
};

function fragment(
  paths: OpenAPIV3_1.PathsObject,
  schemas: Record<string, object> = {},
): OpenAPIV3_1.Document {
  return { openapi: "3.1.0", info: { title: "f", version: "1" }, paths, components: { schemas } };
}

const op = (summary: string, tags: string[] = []) => ({ summary, tags, responses: {} });

describe("mergeOpenApiDocuments", () => {
  it("unites the services' paths sorted, keeps described tags in use and adds undescribed ones", () => {
    const merged = mergeOpenApiDocuments(base, [
      { service: "b", document: fragment({ "/z": { get: op("z", ["Other"]) } }) },
      { service: "a", document: fragment({ "/a": { post: op("a post", ["Things"]), get: op("a get") } }) },
    ]);
    expect(Object.keys(merged.paths ?? {})).toEqual(["/a", "/z"]);
    expect(Object.keys(merged.paths?.["/a"] ?? {})).toEqual(["get", "post"]);
    expect(merged.tags).toEqual([{ name: "Things", description: "Described" }, { name: "Other" }]);
  });

  it("refuses an operation documented by two services", () => {
    expect(() =>
      mergeOpenApiDocuments(base, [
        { service: "a", document: fragment({ "/x": { get: op("1") } }) },
        { service: "b", document: fragment({ "/x": { get: op("2") } }) },
      ]),
    ).toThrow("GET /x is documented by both a and b");
  });

  it("shares a component defined alike and refuses one defined differently", () => {
    const same = { type: "object" };
    const merged = mergeOpenApiDocuments(base, [
      { service: "a", document: fragment({}, { Thing: same }) },
      { service: "b", document: fragment({}, { Thing: { ...same } }) },
    ]);
    expect(merged.components?.schemas).toEqual({ Thing: same });
    expect(() =>
      mergeOpenApiDocuments(base, [
        { service: "a", document: fragment({}, { Thing: same }) },
        { service: "b", document: fragment({}, { Thing: { type: "string" } }) },
      ]),
    ).toThrow('"Thing" means different things in a and b');
  });
});

describe("buildOpenApiFragment", () => {
  it("documents registered routes from their zod schemas, path parameters in OpenAPI syntax", async () => {
    const document = await buildOpenApiFragment(
      [
        {
          method: "GET",
          url: "/api/v1/things/:id",
          schema: {
            summary: "Get a thing",
            params: z.object({ id: z.string() }),
            response: { 200: z.object({ name: z.string() }) },
          },
        },
      ],
      { title: "things", version: "1" },
    );
    const get = document.paths?.["/api/v1/things/{id}"]?.get;
    expect(get?.summary).toBe("Get a thing");
    expect(get?.parameters).toEqual([expect.objectContaining({ in: "path", name: "id", required: true })]);
    expect(document.components?.securitySchemes).toHaveProperty("bearerAuth");
  });
});
