import { createHash, randomBytes } from "node:crypto";
import { Browser, hiddenFields } from "@kurz/testing";

const base = "http://localhost:8080";
const b = new Browser(base);
const email = `manual-${randomBytes(4).toString("hex")}@example.com`;
console.log("signup", (await b.signUp(email, "a long enough password")).status);
const reg = (await (
  await fetch(`${base}/mcp/oauth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_name: "Manual",
      redirect_uris: ["http://127.0.0.1:9/cb"],
      grant_types: ["authorization_code"],
    }),
  })
).json()) as Record<string, unknown>;
console.log("registered grant_types", reg.grant_types);
async function exchange() {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const q = new URLSearchParams({
    client_id: String(reg.client_id),
    redirect_uri: "http://127.0.0.1:9/cb",
    response_type: "code",
    scope: "shorturl:read",
    state: "s",
    code_challenge: challenge,
    code_challenge_method: "S256",
  });
  const page = await b.follow(await b.get(`/mcp/oauth/authorize?${q}`));
  const d = await b.post("/auth/consent", { ...hiddenFields(page.body, "/auth/consent"), decision: "allow" });
  const code = new URL(d.location ?? "").searchParams.get("code") ?? "";
  const t0 = Date.now();
  const r = await fetch(`${base}/mcp/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: "http://127.0.0.1:9/cb",
      client_id: String(reg.client_id),
      client_secret: String(reg.client_secret ?? ""),
      code_verifier: verifier,
    }),
    signal: AbortSignal.timeout(15000),
  });
  const body = (await r.json()) as Record<string, unknown>;
  console.log(
    new Date().toISOString(),
    "token",
    r.status,
    `${Date.now() - t0} ms`,
    "refresh_token" in body ? "with refresh" : "no refresh",
  );
}
await exchange();
console.log("waiting 61 s");
await new Promise((r) => setTimeout(r, 61_000));
await exchange();
const h = await fetch(`${base}/.kurz/health/auth-server`);
console.log("health", h.status, await h.text());
