import { defineTool, READ_ONLY } from "../tool-definition";
import {
  breakdownOut,
  breakdownSchema,
  limitParam,
  periodParam,
  rangeOf,
  rangeOut,
  rangeSchema,
} from "./analytics-output";

export const getUserDeviceAnalytics = defineTool({
  name: "getUserDeviceAnalytics",
  title: "The account's devices",
  description:
    "The whole account's human clicks by device type, browser and operating system over a period. It changes nothing.",
  input: { period: periodParam, limit: limitParam },
  output: {
    range: rangeSchema,
    device_types: breakdownSchema,
    browsers: breakdownSchema,
    operating_systems: breakdownSchema,
  },
  annotations: READ_ONLY,
  scope: "analytics:read",
  async run(clients, args) {
    const a = await clients.analytics.getDevices({ link: "", range: rangeOf(args), limit: args.limit });
    return {
      range: rangeOut(a.range),
      device_types: breakdownOut(a.devices?.deviceTypes),
      browsers: breakdownOut(a.devices?.browsers),
      operating_systems: breakdownOut(a.devices?.operatingSystems),
    };
  },
});
