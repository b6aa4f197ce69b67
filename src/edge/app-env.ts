import type { Config, Env } from "../env";
import type { Session } from "./admin/session";
import type { ContentOrigin } from "./cache/content-origin";
import type { ContentVersion } from "./cache/content-version";

/** Hono typing shared by the Worker's routes: bindings and per-request values. */
export interface AppEnv {
  Bindings: Env;
  Variables: {
    config: Config;
    origin: ContentOrigin;
    /** The content version cached copies must have reached (content-version.ts). */
    contentVersion: ContentVersion;
    /** Cache-Control for JSON reads answered to browsers. */
    readCacheControl: string;
    /** The request carries the operator's secret (internal-headers.ts). */
    operator: boolean;
    /** The signed-in marketer or editor, on the /admin pages that require one (admin/session.ts). */
    session: Session;
    /** This response's Content-Security-Policy nonce (security-headers.ts); pages put it on their scripts. */
    cspNonce: string;
  };
}
