// esbuild plugin: `new URL("<relative path>", import.meta.url)` in a workspace source names a file
// or folder beside that source (migrations, the web app, a tool). Bundled, import.meta.url is the
// bundle's own URL, so the relative path is rewritten to lead from the output folder to the same
// place — when that place exists at build time. A path that does not exist beside the source
// (the dashboard's `./web`, which only exists beside its bundle in the image) is left as written.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

const ASSET_URL = /new URL\(\s*(["'])([^"'`]+)\1\s*,\s*import\.meta\.url\s*\)/g;

export function relocateAssetUrls(outdir) {
  return {
    name: "relocate-asset-urls",
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = readFileSync(args.path, "utf8");
        if (!source.includes("import.meta.url")) return undefined;
        const contents = source.replace(ASSET_URL, (whole, quote, relative) => {
          const target = path.resolve(path.dirname(args.path), relative);
          if (!existsSync(target)) return whole;
          let fromOutput = path.relative(outdir, target).split(path.sep).join("/");
          if (!fromOutput.startsWith(".")) fromOutput = `./${fromOutput}`;
          if (relative.endsWith("/") && !fromOutput.endsWith("/")) fromOutput += "/";
          return `new URL(${quote}${fromOutput}${quote}, import.meta.url)`;
        });
        return { contents, loader: "ts" };
      });
    },
  };
}
