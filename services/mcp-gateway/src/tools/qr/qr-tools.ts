import type { ToolDefinition } from "../tool-definition";

/** The QR code tools of spec §4.4, in its order. */
export const QR_TOOLS = [] as unknown as readonly ToolDefinition[];
