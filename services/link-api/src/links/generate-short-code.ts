import { randomInt } from "node:crypto";
import { isReservedAlias } from "./reserved-aliases";

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** 62^7 ≈ 3.5·10^12 codes per host: collisions are rare, and retried on insert when they happen. */
export const RANDOM_CODE_LENGTH = 7;

/** A random code from the CSPRNG (codes must not be guessable in sequence), never a reserved word. */
export function generateShortCode(length = RANDOM_CODE_LENGTH): string {
  for (;;) {
    let code = "";
    for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
    if (!isReservedAlias(code)) return code;
  }
}
