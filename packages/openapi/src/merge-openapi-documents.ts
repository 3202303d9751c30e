import { isDeepStrictEqual } from "node:util";
import type { OpenAPIV3_1 } from "openapi-types";

export interface OpenApiFragment {
  /** Who documents these paths, for conflict messages. */
  service: string;
  document: OpenAPIV3_1.Document;
}

const METHOD_ORDER = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

type Named<T> = Record<string, T>;

function byName<T>(entries: Iterable<[string, T]>): Named<T> {
  return Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Adds `value` under `name`; the same name twice must mean the same thing. */
function addNamed<T>(into: Map<string, { value: T; from: string }>, name: string, value: T, from: string) {
  const existing = into.get(name);
  if (!existing) {
    into.set(name, { value, from });
    return;
  }
  if (!isDeepStrictEqual(existing.value, value)) {
    throw new Error(`"${name}" means different things in ${existing.from} and ${from}; rename one`);
  }
}

/**
 * The one document: `base` (info, servers, tag descriptions, security schemes) plus every
 * fragment's paths and components. Deterministic: paths, methods and component names come out
 * sorted, so regenerating only changes the file when an API changed. A method of a path or a
 * component name claimed twice with different content is an error, never a silent overwrite.
 */
export function mergeOpenApiDocuments(
  base: OpenAPIV3_1.Document,
  fragments: readonly OpenApiFragment[],
): OpenAPIV3_1.Document {
  const operations = new Map<string, Map<string, { value: unknown; from: string }>>();
  const components = new Map<string, Map<string, { value: unknown; from: string }>>();
  const usedTags = new Set<string>();

  for (const [kind, entries] of Object.entries(base.components ?? {})) {
    for (const [name, value] of Object.entries(entries ?? {})) {
      addNamed(components.get(kind) ?? components.set(kind, new Map()).get(kind)!, name, value, "the base");
    }
  }

  for (const { service, document } of fragments) {
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      const methods = operations.get(path) ?? operations.set(path, new Map()).get(path)!;
      for (const [method, operation] of Object.entries(item ?? {})) {
        const claimed = methods.get(method);
        if (claimed) {
          throw new Error(
            `${method.toUpperCase()} ${path} is documented by both ${claimed.from} and ${service}`,
          );
        }
        methods.set(method, { value: operation, from: service });
        for (const tag of (operation as OpenAPIV3_1.OperationObject).tags ?? []) usedTags.add(tag);
      }
    }
    for (const [kind, entries] of Object.entries(document.components ?? {})) {
      const named = components.get(kind) ?? components.set(kind, new Map()).get(kind)!;
      for (const [name, value] of Object.entries(entries ?? {})) addNamed(named, name, value, service);
    }
  }

  const paths = byName(
    [...operations].map(([path, methods]) => {
      const ordered = [...methods].sort(
        ([a], [b]) =>
          METHOD_ORDER.indexOf(a as (typeof METHOD_ORDER)[number]) -
          METHOD_ORDER.indexOf(b as (typeof METHOD_ORDER)[number]),
      );
      return [path, Object.fromEntries(ordered.map(([method, { value }]) => [method, value]))] as [
        string,
        OpenAPIV3_1.PathItemObject,
      ];
    }),
  );
  // Described tags no route uses yet (a service still without routes) would show as empty groups.
  const baseTags = (base.tags ?? []).filter((tag) => usedTags.has(tag.name));
  const undescribedTags = [...usedTags]
    .filter((tag) => !baseTags.some((t) => t.name === tag))
    .sort()
    .map((name) => ({ name }));

  return {
    ...base,
    tags: [...baseTags, ...undescribedTags],
    paths,
    components: byName(
      [...components].map(([kind, named]) => [
        kind,
        byName([...named].map(([name, { value }]) => [name, value])),
      ]),
    ) as OpenAPIV3_1.ComponentsObject,
  };
}
