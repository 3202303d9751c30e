import { defineConfig } from "drizzle-kit";

// `pnpm generate:migrations` after changing src/db/schema.ts. Breakpoints are required: the
// migration runner applies one statement per breakpoint (PGlite takes one statement per call).
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema.ts",
  out: "./drizzle",
  breakpoints: true,
});
