import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../app-env";
import { CONTENT_VERSION_HEADER } from "../cache/cache";
import { CACHE_TAG_HEADER } from "../cache/cache-tags";

/**
 * Headers the Worker keeps with its stored copies: the purge tags (kilobytes of collection
 * names and record ids) and the content version. Visitors never get them; the operator does,
 * to check publishing and purges (docs/decisions/039). The operator is whoever sends
 * `Authorization: Bearer <CACHE_PURGE_SECRET>`, the purge endpoint's secret.
 */
export const INTERNAL_HEADERS = [CACHE_TAG_HEADER, CONTENT_VERSION_HEADER] as const;

async function digest(text: string): Promise<ArrayBuffer> {
  return crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
}

/** Whether `given` is `secret`, compared as digests of equal length in constant time, so timing tells nothing about the secret. */
export async function isSecret(given: string, secret: string): Promise<boolean> {
  const [a, b] = await Promise.all([digest(given), digest(secret)]);
  // Workers' extension of SubtleCrypto; the DOM lib in this tsconfig types the standard one.
  return (crypto.subtle as SubtleCrypto & { timingSafeEqual(a: ArrayBuffer, b: ArrayBuffer): boolean }).timingSafeEqual(a, b);
}

function bearsSecret(header: string, secret: string): Promise<boolean> {
  return isSecret(/^Bearer (.+)$/.exec(header)?.[1] ?? "", secret);
}

/**
 * Sets `c.var.operator`, and takes the internal headers off every answer to anyone else.
 * Mounted once around every route, so no handler has to remember them.
 */
export const internalHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  const secret = c.var.config.purgeSecret;
  const authorization = c.req.header("Authorization");
  const operator = secret !== null && authorization !== undefined && (await bearsSecret(authorization, secret));
  c.set("operator", operator);
  await next();
  if (operator || !INTERNAL_HEADERS.some((name) => c.res.headers.has(name))) return;
  // Answers may come with immutable headers (cache, fetch): work on a copy.
  c.res = new Response(c.res.body, c.res);
  for (const name of INTERNAL_HEADERS) c.res.headers.delete(name);
};
