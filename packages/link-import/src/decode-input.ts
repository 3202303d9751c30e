import { FileTooLargeError } from "./file-too-large-error";

/** What an import reads: a Node stream, a web body, or any async source of bytes or text. */
export type ImportInput = AsyncIterable<Uint8Array | string>;

/**
 * The input as UTF-8 text, chunk by chunk, counting bytes as they arrive so a file past
 * `maxBytes` stops without being read further. Invalid sequences become U+FFFD (the row holding
 * one is refused later) instead of failing the whole file; a leading BOM is dropped.
 */
export async function* decodeInput(input: ImportInput, maxBytes: number): AsyncGenerator<string> {
  const decoder = new TextDecoder("utf-8", { fatal: false });
  let bytes = 0;
  for await (const chunk of input) {
    const data = typeof chunk === "string" ? new TextEncoder().encode(chunk) : chunk;
    bytes += data.byteLength;
    if (bytes > maxBytes) throw new FileTooLargeError(maxBytes);
    const text = decoder.decode(data, { stream: true });
    if (text !== "") yield text;
  }
  const rest = decoder.decode();
  if (rest !== "") yield rest;
}
