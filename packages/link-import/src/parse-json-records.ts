import { JSONParser } from "@streamparser/json";
import { FileTooLargeError } from "./file-too-large-error";
import type { JsonFormatDefinition } from "./format-definition";
import type { ImportLimits } from "./import-limits";
import type { ImportRecord } from "./import-record";
import { isJsonObject } from "./normalize/is-json-object";
import { toImportRecord } from "./to-import-record";

/**
 * A JSON link list, object by object, through a streaming parser that drops each object once it
 * is emitted (keepStack: false): memory holds the current input chunk and the objects it
 * completed, never the whole document.
 */
export async function* parseJsonRecords(
  text: AsyncIterable<string>,
  format: JsonFormatDefinition,
  limits: ImportLimits,
): AsyncGenerator<ImportRecord> {
  const parser = new JSONParser({ paths: [format.path], keepStack: false });
  const completed: unknown[] = [];
  let failure: Error | undefined;
  parser.onValue = ({ value }) => {
    completed.push(value);
  };
  parser.onError = (error) => {
    failure ??= error;
  };
  let opened = false;
  let row = 0;
  try {
    for await (const chunk of text) {
      if (!opened) {
        const first = chunk.replace(/^\uFEFF/, "").trimStart()[0];
        if (first === undefined) continue;
        if (first !== format.opening) {
          const expected = format.opening === "[" ? "an array" : "an object";
          yield {
            kind: "error",
            row: 0,
            code: "UNEXPECTED_SHAPE",
            message: `a ${format.name} export is ${expected} of links`,
          };
          return;
        }
        opened = true;
      }
      if (!parser.isEnded) parser.write(chunk);
      for (const value of completed.splice(0)) {
        row += 1;
        if (row > limits.maxRows) {
          yield {
            kind: "error",
            row,
            code: "TOO_MANY_ROWS",
            message: `more than ${limits.maxRows} links; the rest is not read`,
          };
          return;
        }
        yield isJsonObject(value)
          ? toImportRecord(row, format.mapElement(value))
          : { kind: "error", row, code: "INVALID_ROW", message: "a link entry is not a JSON object" };
      }
      if (failure !== undefined) break;
    }
  } catch (error) {
    if (error instanceof FileTooLargeError) {
      yield { kind: "error", row: row + 1, code: "FILE_TOO_LARGE", message: error.message };
      return;
    }
    throw error;
  }
  if (!opened) {
    yield { kind: "error", row: 0, code: "EMPTY_FILE", message: "the file is empty" };
    return;
  }
  if (failure === undefined && !parser.isEnded) parser.end();
  if (failure !== undefined) {
    yield {
      kind: "error",
      row: row + 1,
      code: "MALFORMED_JSON",
      message: `the JSON cannot be read past this entry: ${failure.message.slice(0, 200)}`,
    };
  }
}
