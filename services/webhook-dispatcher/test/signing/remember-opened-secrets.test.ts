import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { rememberOpenedSecrets } from "../../src/signing/remember-opened-secrets";
import { createSecretBox, type SecretBox } from "../../src/signing/secret-box";

function counting(box: SecretBox) {
  let opens = 0;
  return {
    box: {
      seal: (plaintext: string) => box.seal(plaintext),
      open: (sealed: string) => {
        opens++;
        return box.open(sealed);
      },
    },
    opens: () => opens,
  };
}

describe("rememberOpenedSecrets", () => {
  it("opens each sealed value once and answers the same secret after", () => {
    const inner = counting(createSecretBox(randomBytes(32)));
    const box = rememberOpenedSecrets(inner.box);
    const sealed = box.seal("whsec_one");
    expect(box.open(sealed)).toBe("whsec_one");
    expect(box.open(sealed)).toBe("whsec_one");
    expect(inner.opens()).toBe(1);
  });

  it("forgets the least recently used beyond its capacity", () => {
    const inner = counting(createSecretBox(randomBytes(32)));
    const box = rememberOpenedSecrets(inner.box, 2);
    const [a, b, c] = ["a", "b", "c"].map((s) => box.seal(s)) as [string, string, string];
    box.open(a);
    box.open(b);
    box.open(a); // a is now the most recent
    box.open(c); // forgets b
    expect(inner.opens()).toBe(3);
    box.open(a);
    expect(inner.opens()).toBe(3);
    expect(box.open(b)).toBe("b");
    expect(inner.opens()).toBe(4);
  });

  it("still refuses a value that was altered: nothing is remembered for it", () => {
    const box = rememberOpenedSecrets(createSecretBox(randomBytes(32)));
    const sealed = box.seal("whsec_x");
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith("AA") ? "BB" : "AA"}`;
    expect(() => box.open(altered)).toThrow(/altered|expected/);
    expect(() => box.open(altered)).toThrow(/altered|expected/);
  });
});
