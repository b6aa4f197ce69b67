import { useEffect } from "react";
import { useLocation } from "react-router";

/** Dispatched on `window` once React has committed a newly navigated page: its title and
 * content are in the document. Browser effects that read the page (analytics' page_title,
 * the affiliate pings' links) wait for it; the router's own "idle" comes before the commit. */
export const PAGE_SHOWN_EVENT = "dealpilot:page-shown";

/** Set on <html> by the first commit, hydration's: the page is live (browser tests wait for it). */
export const HYDRATED_ATTRIBUTE = "data-hydrated";

export function useAnnouncePageShown(): void {
  const { key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: key is the trigger: the event fires once per committed page, hydration's and each navigation's
  useEffect(() => {
    document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
    window.dispatchEvent(new Event(PAGE_SHOWN_EVENT));
  }, [key]);
}
