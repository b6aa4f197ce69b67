/**
 * The Worker's secrets in production: each one's absence turns a feature off silently
 * otherwise. The Worker checks them at every request (src/edge/ops/deployment-check.ts), and
 * wrangler.toml's `[env.production.secrets] required` lists the same (a unit test holds them equal).
 */
export const REQUIRED_SECRETS = [
  "PB_SERVICE_EMAIL",
  "PB_SERVICE_PASSWORD",
  "EVENTS_KEY_SECRET",
  "CACHE_PURGE_SECRET",
  "SESSION_SECRET",
  "MAIL_TOKEN_SECRET",
  "MAIL_NOTIFICATIONS_SECRET",
] as const;
