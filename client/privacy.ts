import { hasOptedOut } from "../src/lib/privacy";

declare global {
  interface Navigator {
    globalPrivacyControl?: boolean;
  }
}

/** The browser-side reading of the same signals the Worker honours (src/lib/privacy.ts). */
export function visitorOptedOut(): boolean {
  const nav: Navigator | undefined = globalThis.navigator;
  return hasOptedOut({ gpc: nav?.globalPrivacyControl === true, dnt: nav?.doNotTrack === "1", cookies: document.cookie });
}
