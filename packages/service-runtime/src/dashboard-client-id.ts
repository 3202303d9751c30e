/**
 * The OAuth client id of Kurz's own dashboard: pre-registered by auth-server as a first-party
 * client, used by the dashboard's backend-for-frontend, and given its own REST rate window.
 */
export const DASHBOARD_CLIENT_ID = "kurz-dashboard";
