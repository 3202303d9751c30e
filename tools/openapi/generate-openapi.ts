/**
 * Writes the one OpenAPI document (served by link-api at /api/v1/docs) from every service's route
 * schemas. `make docs` runs it; the document test (test/openapi-document.test.ts) fails when the
 * committed file is stale.
 *
 *   pnpm --filter @kurz/openapi-tools generate           write the file
 *   pnpm --filter @kurz/openapi-tools generate --check   exit 1 when the committed file is stale
 */
import { readFile, writeFile } from "node:fs/promises";
import {
  generateOpenApiDocument,
  OPENAPI_DOCUMENT_PATH,
  REGENERATE_COMMAND,
  renderOpenApiDocument,
  validateOpenApiDocument,
} from "./src/generate-openapi-document";
import { describeServices } from "./src/service-apis";

const document = await generateOpenApiDocument(await describeServices());
const problems = await validateOpenApiDocument(document);
if (problems.length > 0) {
  console.error(`The generated document is not valid OpenAPI 3.1:\n${problems.join("\n")}`);
  process.exit(1);
}
const text = renderOpenApiDocument(document);
if (process.argv.includes("--check")) {
  const committed = await readFile(OPENAPI_DOCUMENT_PATH, "utf8").catch(() => "");
  if (committed !== text) {
    console.error(`${OPENAPI_DOCUMENT_PATH} is stale: an API changed. Run: ${REGENERATE_COMMAND}`);
    process.exit(1);
  }
} else {
  await writeFile(OPENAPI_DOCUMENT_PATH, text);
  console.warn(`wrote ${OPENAPI_DOCUMENT_PATH} (${Object.keys(document.paths ?? {}).length} paths)`);
}
