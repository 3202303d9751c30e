import { defineConfig } from "vite";

// Run from services/dashboard (`vite build --config web/vite.config.ts`): paths are anchored here.
const webDir = decodeURIComponent(new URL(".", import.meta.url).pathname);

export default defineConfig({
  root: webDir,
  // The backend-for-frontend serves the page and its assets under /app/.
  base: "/app/",
  // No public/ folder: everything the page loads is bundled and hashed.
  publicDir: false,
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsDir: "assets",
    // The CSP allows no inline script or style, and no data: URLs for scripts.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
});
