/**
 * Decodes base64 or base64url, or returns undefined unless the text is exactly what Node would
 * encode for the decoded bytes. Buffer.from alone skips unknown characters and stops at the first
 * "=", so a mistyped or truncated secret would otherwise decode "successfully" to a different key.
 */
export function decodeCanonicalBase64(text: string, encoding: "base64" | "base64url"): Buffer | undefined {
  const bytes = Buffer.from(text, encoding);
  return bytes.toString(encoding) === text ? bytes : undefined;
}
