import { hostInDomains } from "./rules";

/**
 * Checks for `/goto` targets (ARCHITECTURE rule 6): /goto must never become an open
 * redirect. A target passes only if it is an absolute http(s) URL written plainly (no
 * tricks a browser or a partner's server might read differently from us) whose host is
 * on the allow-list.
 */
export type TargetCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** Longest target accepted; partner links with tracking queries stay well under this. */
export const TARGET_MAX_LENGTH = 2048;

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** True for an IP address as the URL parser normalises it (`0x7f.1` becomes 127.0.0.1). */
export function isIpLiteral(hostname: string): boolean {
  return IPV4.test(hostname) || hostname.startsWith("[");
}

/** Host names as the URL parser writes them: lower case, punycode, IPv6 in brackets. */
export function normaliseHost(host: string): string | undefined {
  const trimmed = host.trim();
  if (!trimmed || /[/\\@?#\s]/.test(trimmed)) return undefined;
  try {
    return new URL(`https://${trimmed}/`).hostname;
  } catch {
    return undefined;
  }
}

/** Parses a target as written (macros included); rejects anything that is not plainly an
 * absolute http(s) URL with a host name and nothing hidden before it. */
export function parseTarget(raw: string | null | undefined): TargetCheck {
  if (!raw) return { ok: false, reason: "missing" };
  if (raw.length > TARGET_MAX_LENGTH) return { ok: false, reason: "too long" };
  // Control characters (CR/LF header injection, tabs the URL parser would silently drop),
  // spaces and backslashes (which browsers read as slashes) have no place in a partner link.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a partner link with a control character is refused, on purpose
  if (/[\u0000-\u0020\u007f-\u009f\\]/.test(raw)) return { ok: false, reason: "forbidden character" };
  if (!/^https?:\/\/[^/]/i.test(raw)) return { ok: false, reason: "not an absolute http(s) URL" };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: "not a URL" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, reason: "scheme" };
  if (url.username || url.password || raw.slice(0, raw.indexOf(url.hostname)).includes("@")) return { ok: false, reason: "userinfo" };
  if (!url.hostname) return { ok: false, reason: "no host" };
  return { ok: true, url };
}

/**
 * Whether a parsed target may be redirected to (the redirect-host rule, pocketbase/pb_hooks/
 * rules.js): its host is inside a partner domain (the stores' website domains and the
 * networks' click domains, each covering its subdomains) or is an extra allowed host. IP
 * literals count only when listed as extra hosts (the content never legitimately links to one).
 */
export function isAllowedTarget(url: URL, partnerDomains: readonly string[], extraHosts: ReadonlySet<string>): boolean {
  const host = url.hostname;
  if (extraHosts.has(host)) return true;
  return !isIpLiteral(host) && hostInDomains(host, partnerDomains);
}
