import { useRouteLoaderData, type LoaderFunctionArgs, type ShouldRevalidateFunction } from "react-router";
import { getWebsite, listHeaderStores, type HeaderStore } from "../data/website";
import type { Category, Website } from "../data/types";
import { utcDayStart } from "../lib/offer-labels";
import { loadEnvFrom, type PreviewMarks } from "./load-context";

const NO_MARKS: PreviewMarks = { drafts: [], scheduled: [] };

/** Site name shown when the settings record cannot be read. */
export const FALLBACK_SITE_NAME = "DealPilot";

export interface SiteSettings {
  name: string;
  origin: string;
  supportEmail: string;
  office: { city: string; country: string; address: string };
  socialLinks: NonNullable<Website["social_links"]>;
  analyticsId: string;
  pingCid: string;
  pingsEnabled: boolean;
  footerCategories: Pick<Category, "id" | "title">[];
}

export interface RootData {
  site: SiteSettings;
  headerStores: HeaderStore[];
  /** Canonical origin for canonical and Open Graph URLs (configured, never the Host header). */
  siteOrigin: string;
  /** Midnight UTC of the day the server rendered the document (ms): the clock offer labels
   * render and hydrate with (use-today.ts). A day, not an instant, so renders stay identical. */
  today: number;
  /** An editor's preview: the records marked where they show (PreviewBadge); empty for visitors. */
  preview: PreviewMarks;
}

function toSettings(site: Website | null): SiteSettings {
  return {
    name: site?.name || FALLBACK_SITE_NAME,
    origin: site?.origin ?? "",
    supportEmail: site?.support_email ?? "",
    office: { city: site?.office_city ?? "", country: site?.office_country ?? "", address: site?.office_address ?? "" },
    socialLinks: site?.social_links ?? [],
    analyticsId: site?.analytics_measurement_id ?? "",
    pingCid: site?.ping_cid ?? "",
    pingsEnabled: site?.pings_enabled ?? false,
    footerCategories: (site?.expand?.footer_categories ?? []).map(({ id, title }) => ({ id, title })),
  };
}

/** The frame's data: site settings and the header's stores. The frame renders without
 * them (defaults, empty lists) rather than failing the page. */
export async function rootLoader({ context }: LoaderFunctionArgs): Promise<RootData> {
  const { content, siteOrigin, preview = NO_MARKS } = loadEnvFrom(context);
  const [site, headerStores] = await Promise.all([
    getWebsite(content).catch((err: unknown) => {
      console.error("site settings read failed", err);
      return null;
    }),
    listHeaderStores(content).catch((err: unknown) => {
      console.error("header stores read failed", err);
      return [];
    }),
  ]);
  return { site: toSettings(site), headerStores, siteOrigin, today: utcDayStart(Date.now()), preview };
}

/** The frame's data does not change between navigations. */
export const rootShouldRevalidate: ShouldRevalidateFunction = () => false;

const DEFAULT_ROOT_DATA: RootData = { site: toSettings(null), headerStores: [], siteOrigin: "", today: 0, preview: NO_MARKS };

/** The frame's data; defaults when the root route itself failed (its error screen still renders). */
export function useRootData(): RootData {
  return useRouteLoaderData<typeof rootLoader>("root") ?? DEFAULT_ROOT_DATA;
}
