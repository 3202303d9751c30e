export { classifyReferrer, type ReferrerCategory, type ReferrerInfo } from "./classify-referrer";
export { createUserAgentClassifier, type UserAgentInfo } from "./classify-user-agent";
export { type GeoLocation, type GeoLocator, openGeoLocator } from "./geo-locator";
export { createLazyGeoLocator, type GeoOpenLog, type LazyGeoLocator } from "./lazy-geo-locator";
