/**
 * A minimal browser for driving the pages over real HTTP: a cookie jar, manual redirects (so
 * tests see each hop), and form helpers that read what a person would submit from the HTML.
 */
export interface PageResponse {
  status: number;
  headers: Headers;
  location: string | undefined;
  body: string;
  url: string;
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};

export function unescapeHtml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

/** The hidden inputs of the form posting to `action` (the CSRF token and carried parameters). */
export function hiddenFields(html: string, action: string): Record<string, string> {
  const start = html.indexOf(`action="${action}"`);
  if (start < 0) throw new Error(`no form posting to ${action}`);
  const form = html.slice(start, html.indexOf("</form>", start));
  const fields: Record<string, string> = {};
  for (const match of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[unescapeHtml(match[1] ?? "")] = unescapeHtml(match[2] ?? "");
  }
  return fields;
}

export class Browser {
  readonly cookies = new Map<string, string>();

  /** `headers`: sent with every request (e.g. X-Forwarded-For to act from another address). */
  constructor(
    private readonly base: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  private absorb(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request(
    method: "GET" | "POST",
    target: string,
    form?: Record<string, string | string[]>,
  ): Promise<PageResponse> {
    const url = new URL(target, this.base).toString();
    const headers: Record<string, string> = { ...this.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    let body: string | undefined;
    if (form) {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(form)) {
        for (const v of Array.isArray(value) ? value : [value]) params.append(name, v);
      }
      body = params.toString();
      headers["content-type"] = "application/x-www-form-urlencoded";
    }
    const response = await fetch(url, { method, headers, body, redirect: "manual" });
    this.absorb(response.headers);
    return {
      status: response.status,
      headers: response.headers,
      location: response.headers.get("location") ?? undefined,
      body: await response.text(),
      url,
    };
  }

  get(target: string): Promise<PageResponse> {
    return this.request("GET", target);
  }

  post(target: string, form: Record<string, string | string[]>): Promise<PageResponse> {
    return this.request("POST", target, form);
  }

  /** Follows redirects on this site; stops at the first page, or at a redirect off-site. */
  async follow(response: PageResponse): Promise<PageResponse> {
    let current = response;
    for (let hops = 0; current.location && hops < 10; hops++) {
      const next = new URL(current.location, current.url);
      if (next.origin !== new URL(this.base).origin) return current;
      current = await this.get(next.toString());
    }
    return current;
  }

  /** Logs in through the log-in page. */
  async logIn(email: string, password: string): Promise<PageResponse> {
    const page = await this.get("/auth/login");
    const fields = hiddenFields(page.body, "/auth/login");
    return this.post("/auth/login", { ...fields, email, password });
  }

  /** Signs up through the sign-up page, as a person would. */
  async signUp(email: string, password: string, name = "Test Person"): Promise<PageResponse> {
    const page = await this.get("/auth/signup");
    const fields = hiddenFields(page.body, "/auth/signup");
    return this.post("/auth/signup", { ...fields, email, password, name });
  }
}
