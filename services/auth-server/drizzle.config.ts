import { defineConfig } from "drizzle-kit";

// Regenerate after changing src/db/schema.ts: `pnpm --filter @kurz/auth-server generate:migrations`.
// Breakpoints keep one statement per step, which the migration runner requires.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema.ts",
  out: "./drizzle",
  breakpoints: true,
});
