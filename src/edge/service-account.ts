import type { Config } from "../env";

/**
 * The Worker's PocketBase service account (`edge_services`): the only identity that may
 * write, and only into the collections whose create rule names it (newsletter sign-ups,
 * votes, outbound events). Credentials are Worker secrets (PB_SERVICE_EMAIL / PB_SERVICE_PASSWORD).
 */

export const ORIGIN_TIMEOUT_MS = 10_000;
const SERVICE_LOGIN = "/api/collections/edge_services/auth-with-password";
/** Renew the service token this long before PocketBase would expire it. */
const TOKEN_MARGIN_S = 60;

export type ServiceCredentials = NonNullable<Config["service"]>;

// Module scope on purpose, and only for this: the Worker's own PocketBase service token.
// It is the same for every request (never visitor data), so an isolate reuses it across
// the requests it serves instead of signing in once per write. It is keyed by origin
// and account, so new configuration never reuses an old token, and it is dropped and
// renewed when PocketBase stops accepting it. Only the settled string is kept (no
// promise shared between requests).
let cachedToken: { key: string; token: string; expiresAt: number } | undefined;

/** Forgets the cached service token (tests, and after PocketBase refused it). */
export function forgetServiceToken(): void {
  cachedToken = undefined;
}

/** When a PocketBase token expires (ms), from its payload; never, when it does not say. */
export function tokenExpiry(token: string): number {
  try {
    const payload = token.split(".")[1] ?? "";
    const json = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { exp?: unknown };
    return typeof json.exp === "number" ? json.exp * 1000 : Number.POSITIVE_INFINITY;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

async function serviceToken(config: Config, service: ServiceCredentials, signal: AbortSignal): Promise<string> {
  const key = `${config.pocketbaseUrl}\n${service.email}`;
  if (cachedToken && cachedToken.key === key && cachedToken.expiresAt - TOKEN_MARGIN_S * 1000 > Date.now()) return cachedToken.token;
  cachedToken = undefined;
  const response = await fetch(`${config.pocketbaseUrl}${SERVICE_LOGIN}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ identity: service.email, password: service.password }),
    signal,
  });
  if (!response.ok) throw new Error(`service account sign-in answered ${response.status}`);
  const { token } = (await response.json()) as { token?: unknown };
  if (typeof token !== "string" || token === "") throw new Error("service account sign-in returned no token");
  cachedToken = { key, token, expiresAt: tokenExpiry(token) };
  return token;
}

/**
 * A request to PocketBase as the service account, sign-in and retry included, given up when
 * `signal` aborts (by default after ORIGIN_TIMEOUT_MS). A token PocketBase no longer accepts
 * (password changed, expired, key rotated) is answered 401, or ignored so that the request
 * fails the collection's rule as a guest's (400 or 403 without field errors): then it signs
 * in again and retries once. Other answers are returned as they are.
 */
export async function asService(
  config: Config,
  service: ServiceCredentials,
  path: string,
  init: { method: "GET" | "POST"; body?: unknown; signal?: AbortSignal },
): Promise<Response> {
  const signal = init.signal ?? AbortSignal.timeout(ORIGIN_TIMEOUT_MS);
  // A form (a record with a file) goes as multipart, with the boundary fetch gives it.
  const form = init.body instanceof FormData;
  for (let attempt = 0; ; attempt++) {
    const token = await serviceToken(config, service, signal);
    const response = await fetch(`${config.pocketbaseUrl}${path}`, {
      method: init.method,
      headers: { ...(init.body === undefined || form ? {} : { "Content-Type": "application/json" }), Accept: "application/json", Authorization: token },
      body: init.body === undefined ? undefined : form ? (init.body as FormData) : JSON.stringify(init.body),
      signal,
    });
    if (attempt === 0 && isRefusedToken(response)) {
      const error = (await response
        .clone()
        .json()
        .catch(() => ({}))) as { data?: Record<string, unknown> };
      if (!error.data || Object.keys(error.data).length === 0) {
        await response.body?.cancel();
        forgetServiceToken();
        continue;
      }
    }
    return response;
  }
}

/** Creates a record as the service account (see asService). */
export function createAsService(config: Config, service: ServiceCredentials, collection: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  return asService(config, service, `/api/collections/${collection}/records`, { method: "POST", body, signal });
}

function isRefusedToken(response: Response): boolean {
  return response.status === 400 || response.status === 401 || response.status === 403;
}
