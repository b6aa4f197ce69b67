import type { ReactNode } from "react";
import built from "../../public/build/assets.json";
import { HYDRATION_DATA_ID } from "./hydration";
import { PREPAINT_THEME_SCRIPT } from "./theme";

/** URLs of the built client bundle and stylesheet (content-hashed by scripts/build-client.mjs). */
export interface DocumentAssets {
  js: string;
  css: string;
  /** Chunks the page loads before it hydrates: those the entry imports statically and
   * those of the matched routes' screens. */
  preload: string[];
}

/**
 * The whole HTML document, rendered by the server and hydrated as a whole by the browser
 * (client/entry.tsx): one React tree on both sides, so ids from useId match. Titles and
 * meta tags rendered by pages are hoisted into <head> by React.
 */
export function Document({ assets, hydrationJson, nonce, children }: { assets: DocumentAssets; hydrationJson: string; nonce?: string; children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        {/* Allowed by its hash in the Content-Security-Policy (src/edge/middleware/security-headers.ts). */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: a constant script (src/app/theme.ts), no content, allowed by its hash in the Content-Security-Policy */}
        <script dangerouslySetInnerHTML={{ __html: PREPAINT_THEME_SCRIPT }} />
        <link rel="icon" href={built.favicon} type="image/svg+xml" />
        <link rel="stylesheet" href={assets.css} precedence="app" />
        {/* Found early, fetched after what the first paint needs (the stylesheet, images):
            the code hydrates a page that is already rendered. */}
        {[assets.js, ...assets.preload].map((href) => (
          <link key={href} rel="modulepreload" href={href} fetchPriority="low" />
        ))}
      </head>
      <body>
        <div id="root">{children}</div>
        {/* Non-executable JSON: content cannot break out of it (see lib/json-script). */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by jsonForScript (src/lib/json-script.ts) in a non-executable data block */}
        <script type="application/json" id={HYDRATION_DATA_ID} dangerouslySetInnerHTML={{ __html: hydrationJson }} />
        <script type="module" src={assets.js} nonce={nonce} />
      </body>
    </html>
  );
}
