import type { QrCode } from "./qr-code";
import { typeLabel } from "./qr-types";

/** What a code is called in lists and dialogs: its name, else its type. */
export const qrTitle = (code: QrCode): string => code.name || `${typeLabel(code.type)} code`;
