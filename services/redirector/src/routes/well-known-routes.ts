import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { HostSettingsCache } from "../links/host-settings-cache";
import { notFoundPage } from "../pages/render-page";
import { askOrUnavailable } from "../redirect/ask-or-unavailable";
import { sendPage } from "../redirect/send-page";
import { readVisitHeaders, type VisitorReader } from "../redirect/visitor-reader";

export interface WellKnownDeps {
  settings: HostSettingsCache;
  visitors: VisitorReader;
}

/** The app association files a verified branded domain serves, by path. */
const FILES = {
  "/.well-known/apple-app-site-association": "appleAppSiteAssociation",
  "/.well-known/assetlinks.json": "assetLinks",
} as const;

/**
 * `GET /.well-known/apple-app-site-association` and `/.well-known/assetlinks.json` on a verified
 * branded domain: the documents its owner saved (docs/api/domains.md#app-association-files),
 * byte for byte, as application/json; 404 where none is saved. Apple and Google fetch them without
 * redirects, so they are answered here, never redirected.
 */
export function registerWellKnownRoutes(app: FastifyInstance, deps: WellKnownDeps): void {
  for (const [url, field] of Object.entries(FILES)) {
    app.route({
      method: "GET",
      url,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const host = deps.visitors.host(request.raw, readVisitHeaders(request.raw));
        const settings = await askOrUnavailable(reply, () => deps.settings.lookup(host));
        if (!settings) return reply;
        const body = settings.value?.[field];
        if (!body) return sendPage(reply, 404, notFoundPage());
        return reply
          .code(200)
          .headers({ "content-type": "application/json", "cache-control": "public, max-age=300" })
          .send(body);
      },
    });
  }
}
