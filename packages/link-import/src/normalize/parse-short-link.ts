/**
 * The domain and code of a short link as exports write it: `https://bit.ly/abc`, `bit.ly/abc`
 * (Bitly's ids have no scheme) or `/abc/` (YOURLS). The domain is lower-case; the code is the
 * path without its slashes, percent-decoding undone.
 */
export function parseShortLink(raw: string | undefined): { domain?: string; code?: string } {
  const text = raw?.trim() ?? "";
  if (text === "") return {};
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(text)
    ? text
    : text.startsWith("/")
      ? undefined
      : `https://${text}`;
  if (absolute === undefined) return withCode({}, text);
  try {
    const url = new URL(absolute);
    return withCode({ domain: url.hostname.toLowerCase() }, url.pathname);
  } catch {
    return {};
  }
}

function withCode(result: { domain?: string }, path: string): { domain?: string; code?: string } {
  const trimmed = path.replace(/^\/+|\/+$/g, "");
  if (trimmed === "") return result;
  let code = trimmed;
  try {
    code = decodeURIComponent(trimmed);
  } catch {
    // A lone % stays as written: the code is still recognisable.
  }
  return { ...result, code };
}
