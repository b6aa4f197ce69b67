import type { MiddlewareHandler } from "hono";
import type { Env } from "../../env";
import { REQUIRED_SECRETS } from "../../lib/required-secrets";
import type { AppEnv } from "../app-env";

/**
 * The configuration a deployment cannot run without, checked at every request, queue
 * batch and cron run (docs/operations.md#production-configuration): a missing secret or
 * an origin left unset is a clear error in the logs and a plain 500, never a silent 503 or
 * a Worker that writes to the wrong PocketBase. `wrangler deploy --env production` checks
 * the secrets before it deploys too (wrangler.toml `[env.production.secrets]`).
 */

function isLoopback(host: string): boolean {
  return host === "localhost" || host.startsWith("127.") || host === "[::1]";
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    return null;
  }
}

/** What is wrong with this deployment's configuration, in words for its logs; empty when nothing is. */
export function deploymentProblems(env: Env, requestUrl?: URL): string[] {
  const problems: string[] = [];
  if (env.DEPLOYMENT === "production") {
    for (const name of ["POCKETBASE_URL", "SITE_ORIGIN"] as const) {
      const host = hostOf(env[name]);
      if (!env[name].startsWith("https://") || host === null || isLoopback(host))
        problems.push(`${name} must be an https origin that is not local (wrangler.toml [env.production.vars])`);
    }
    const missing = REQUIRED_SECRETS.filter((name) => !env[name]);
    if (missing.length > 0) problems.push(`secrets not set: ${missing.join(", ")} (wrangler secret put NAME --env production)`);
    if (!env.MAIL_POSTAL_ADDRESS?.trim())
      problems.push("MAIL_POSTAL_ADDRESS must be set: every alert and digest shows it (wrangler.toml [env.production.vars])");
    if (!env.EVENTS) problems.push("the EVENTS queue binding is missing");
    // Without it the feeds' cron only logs that no import can start (docs/feeds.md).
    if (!env.FEEDS) problems.push("the FEEDS queue binding is missing");
    if (!env.EVENTS_ARCHIVE) problems.push("the EVENTS_ARCHIVE bucket binding is missing");
  } else if (requestUrl && !isLoopback(requestUrl.hostname) && isLoopback(hostOf(env.POCKETBASE_URL) ?? "localhost")) {
    problems.push("this is the local configuration (POCKETBASE_URL on loopback) answering a public host: deploy with `wrangler deploy --env production`");
  }
  return problems;
}

/** Throws the deployment's problems, for the queue and cron handlers (their failures are logged and retried). */
export function assertDeployment(env: Env): void {
  const problems = deploymentProblems(env);
  if (problems.length > 0) throw new Error(`configuration: ${problems.join("; ")}`);
}

/** Outermost middleware: a misconfigured deployment answers every request 500 and logs why. */
export const deploymentCheck: MiddlewareHandler<AppEnv> = async (c, next) => {
  const problems = deploymentProblems(c.env, new URL(c.req.url));
  if (problems.length === 0) return next();
  console.error(`configuration: ${problems.join("; ")}`);
  c.header("Cache-Control", "no-store");
  return c.text("This site is not configured correctly yet; its operator finds why in the Worker's logs.", 500);
};
