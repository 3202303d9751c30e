-- Clients registered before registration added refresh_token (spec §3.3: every token response
-- carries a rotated refresh token) were stored with authorization_code alone and got no refresh
-- tokens. They get the grant now, as new registrations do (RFC 7591 §3.2.1 lets the server
-- replace requested metadata).
UPDATE "oauth_clients"
SET "grant_types" = array_append("grant_types", 'refresh_token')
WHERE "kind" = 'dynamic' AND NOT ('refresh_token' = ANY("grant_types"));
