import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "../app-env";

const TOO_LARGE = "The request body is too large.";

/**
 * Stops reading a request body past `maxBytes` and answers 413, before its handler runs, so
 * nothing is stored. Hono's middleware counts the bytes it reads, so a chunked body without
 * a Content-Length is held to the same limit as one that declares its size.
 */
export function limitBody(maxBytes: number, answer: (c: Context<AppEnv>, message: string) => Response = plainAnswer): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => {
      c.header("Cache-Control", "no-store");
      return answer(c, TOO_LARGE);
    },
  });
}

/** A sentence, or JSON for a client that asks for it. An endpoint whose answers have a shape
 * of their own (the ping's `{ success }`) passes its own. */
function plainAnswer(c: Context<AppEnv>, message: string): Response {
  return (c.req.header("Accept") ?? "").includes("application/json") ? c.json({ message }, 413) : c.text(message, 413);
}
