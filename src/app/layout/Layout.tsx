import type { ReactNode } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { GlobalLoader } from "./GlobalLoader";
import { useAnnouncePageShown } from "./page-shown";
import { ScheduleRefresh } from "./ScheduleRefresh";
import { SiteHeader } from "./SiteHeader";
import { lazySection } from "../lazy-section";

// Below every page's content: hydrated when the visitor comes near it (issue 37).
const SiteFooter = lazySection("site-footer", () => import("./SiteFooter"), "SiteFooter");

/** Spec Layout: header, global loader, routed content, footer. Scrolls to the top on a
 * new navigation, to the anchor when the address has one, and restores the position on
 * back/forward. Reloads the page's data when one of its offers starts or ends. */
export function Layout({ children }: { children?: ReactNode }) {
  useAnnouncePageShown();
  return (
    <>
      <a className="visually-hidden-focusable position-absolute top-0 start-0 m-2 btn btn-primary z-3" href="#content">
        Skip to content
      </a>
      <SiteHeader />
      <GlobalLoader />
      <div id="content">{children ?? <Outlet />}</div>
      <SiteFooter />
      <ScrollRestoration />
      <ScheduleRefresh />
    </>
  );
}
