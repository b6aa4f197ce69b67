import type { Config } from "../../env";
import type { Report } from "../../lib/report";
import type { FormErrors, LinkFigures, LinkValueName, ShortLinkRecord } from "../../lib/short-links";
import { asUser } from "../admin/session";

/**
 * Short links as the signed-in marketer reads and writes them in PocketBase (docs/links.md):
 * the records (short_links' rules admit marketers only), and the list's figures
 * (pb_hooks/short_links.pb.js). Every call answers "signed out" when PocketBase no longer
 * takes the token, and throws when PocketBase cannot answer.
 */

export interface LinksFigures {
  from: string;
  to: string;
  currencies: string[];
  links: Record<string, LinkFigures>;
  suggestions: Record<LinkValueName, string[]>;
  viewer: Report["viewer"];
}

export type Signed<T> = T | "signed out";

const RECORDS = "/api/collections/short_links/records";
const PAGE_SIZE = 500;

async function answer<T>(response: Response, what: string): Promise<Signed<T>> {
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel();
    return "signed out";
  }
  if (!response.ok) throw new Error(`${what}: PocketBase answered ${response.status} ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as T;
}

/** Every link, newest first. */
export async function listLinks(config: Config, token: string): Promise<Signed<ShortLinkRecord[]>> {
  const links: ShortLinkRecord[] = [];
  for (let page = 1; ; page++) {
    const query = new URLSearchParams({ page: String(page), perPage: String(PAGE_SIZE), sort: "-create_time,id", skipTotal: "1" });
    const read = await answer<{ items: ShortLinkRecord[] }>(await asUser(config, token, `${RECORDS}?${query}`), "short links");
    if (read === "signed out") return read;
    links.push(...read.items);
    if (read.items.length < PAGE_SIZE) return links;
  }
}

/** One link; null when there is none with this id. */
export async function getLink(config: Config, token: string, id: string): Promise<Signed<ShortLinkRecord | null>> {
  const response = await asUser(config, token, `${RECORDS}/${encodeURIComponent(id)}`);
  if (response.status === 404) {
    await response.body?.cancel();
    return null;
  }
  return answer<ShortLinkRecord>(response, "short link");
}

/** The figures of every link for `from`..`to`, the values in use, and who is asking. */
export async function linksFigures(config: Config, token: string, from: string, to: string): Promise<Signed<LinksFigures>> {
  const figures = await answer<Omit<LinksFigures, "viewer">>(
    await asUser(config, token, `/api/dealpilot/links/figures?${new URLSearchParams({ from, to })}`),
    "link figures",
  );
  if (figures === "signed out") return figures;
  const me = await answer<{ email: string; name: string }>(
    await asUser(config, token, `/api/collections/marketers/records/${tokenRecordId(token)}`),
    "marketer",
  );
  if (me === "signed out") return me;
  return { ...figures, viewer: { email: me.email, name: me.name, role: "marketer" } };
}

/** The id of the account a PocketBase token was made for (the session's signature vouches for it). */
function tokenRecordId(token: string): string {
  try {
    const payload = JSON.parse(atob((token.split(".")[1] ?? "").replace(/-/g, "+").replace(/_/g, "/"))) as { id?: unknown };
    return typeof payload.id === "string" && /^[a-z0-9]{15}$/.test(payload.id) ? payload.id : "-";
  } catch {
    return "-";
  }
}

/** Creates (id null) or changes a link: the stored record, or PocketBase's field errors. */
export async function saveLink(
  config: Config,
  token: string,
  id: string | null,
  body: Record<string, unknown>,
): Promise<Signed<{ link: ShortLinkRecord } | { errors: FormErrors }>> {
  const response = await asUser(config, token, id ? `${RECORDS}/${encodeURIComponent(id)}` : RECORDS, {
    method: id ? "PATCH" : "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  if (response.status === 400) {
    const refused = (await response.json().catch(() => ({}))) as { message?: string; data?: Record<string, { message?: string }> };
    const errors: FormErrors = {};
    for (const [field, error] of Object.entries(refused.data ?? {})) errors[field] = error?.message ?? "This value is not accepted.";
    if (Object.keys(errors).length === 0) errors[""] = refused.message ?? "PocketBase refused the link.";
    return { errors };
  }
  const link = await answer<ShortLinkRecord>(response, "save short link");
  return link === "signed out" ? link : { link };
}

/** Deletes a link (its slug is retired for good, pb_hooks/short_links.pb.js); false when there was none. */
export async function deleteLink(config: Config, token: string, id: string): Promise<Signed<boolean>> {
  const response = await asUser(config, token, `${RECORDS}/${encodeURIComponent(id)}`, { method: "DELETE" });
  if (response.status === 404) {
    await response.body?.cancel();
    return false;
  }
  if (response.status === 204) return true;
  return (await answer<unknown>(response, "delete short link")) === "signed out" ? "signed out" : true;
}
