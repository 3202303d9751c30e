import { AppError } from "@kurz/errors";
import { colorProblem, type QrStyle } from "./qr-style";

type StyleInput = { [K in keyof QrStyle]?: QrStyle[K] | undefined };

/** base overridden by the fields present in input; refuses colour pairs a scanner cannot read. */
export function resolveQrStyle(base: QrStyle, input: StyleInput): QrStyle {
  const style: QrStyle = { ...base };
  for (const key of Object.keys(base) as Array<keyof QrStyle>) {
    const value = input[key];
    if (value !== undefined) (style as Record<keyof QrStyle, unknown>)[key] = value;
  }
  const problem = colorProblem(style.foregroundColor, style.backgroundColor);
  if (problem)
    throw new AppError("VALIDATION_ERROR", { message: problem, details: { field: "foregroundColor" } });
  return style;
}
