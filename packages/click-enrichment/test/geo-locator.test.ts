import { describe, expect, it } from "vitest";
import { openGeoLocator } from "../src/geo-locator";

describe("geography", () => {
  it("locates IPv4, IPv6 and IPv4-mapped addresses; private and invalid ones are unknown", async () => {
    const geo = await openGeoLocator();
    expect(geo.locate("81.2.69.142")).toEqual({
      country: "GB",
      region: "England",
      city: "Bracknell",
      regionCode: "",
    });
    expect(geo.locate("::ffff:81.2.69.142").country).toBe("GB");
    expect(geo.locate("2001:4860:4860::8888").country).toBe("US");
    expect(geo.locate("10.1.2.3")).toEqual({ country: "", region: "", city: "" });
    expect(geo.locate("not-an-ip")).toEqual({ country: "", region: "", city: "" });
  });
});
