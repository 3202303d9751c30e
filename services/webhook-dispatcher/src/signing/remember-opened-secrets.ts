import type { SecretBox } from "./secret-box";

/**
 * A SecretBox that remembers what it opened (the most recently used `capacity` values): every
 * attempt signs with its endpoint's secret, and opening one is an AES-GCM decryption — about a
 * tenth of an attempt's own CPU at thousands of deliveries a second. The opened secrets live in
 * the process memory either way (each attempt holds its endpoint's while it signs).
 */
export function rememberOpenedSecrets(box: SecretBox, capacity = 10_000): SecretBox {
  const opened = new Map<string, string>();
  return {
    seal: (plaintext) => box.seal(plaintext),
    open(sealed) {
      const known = opened.get(sealed);
      if (known !== undefined) {
        // Most recently used last: the first entry is the one to forget.
        opened.delete(sealed);
        opened.set(sealed, known);
        return known;
      }
      const secret = box.open(sealed);
      opened.set(sealed, secret);
      if (opened.size > capacity) opened.delete(opened.keys().next().value!);
      return secret;
    },
  };
}
