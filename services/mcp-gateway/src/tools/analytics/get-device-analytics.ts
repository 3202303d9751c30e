import { defineTool, READ_ONLY } from "../tool-definition";
import {
  breakdownOut,
  breakdownSchema,
  limitParam,
  linkParam,
  periodParam,
  rangeOf,
  rangeOut,
  rangeSchema,
} from "./analytics-output";

export const getDeviceAnalytics = defineTool({
  name: "getDeviceAnalytics",
  title: "Devices, browsers and systems",
  description:
    "Reports human clicks by device type, browser and operating system over a period, for one link (shortUrlId) or the whole account (without it). It changes nothing.",
  input: { shortUrlId: linkParam.optional(), period: periodParam, limit: limitParam },
  output: {
    range: rangeSchema,
    device_types: breakdownSchema,
    browsers: breakdownSchema,
    operating_systems: breakdownSchema,
  },
  annotations: READ_ONLY,
  scope: "analytics:read",
  async run(clients, args) {
    const a = await clients.analytics.getDevices({
      link: args.shortUrlId ?? "",
      range: rangeOf(args),
      limit: args.limit,
    });
    return {
      range: rangeOut(a.range),
      device_types: breakdownOut(a.devices?.deviceTypes),
      browsers: breakdownOut(a.devices?.browsers),
      operating_systems: breakdownOut(a.devices?.operatingSystems),
    };
  },
});
