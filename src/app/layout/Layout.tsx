import type { ReactNode } from "react";
import { Outlet } from "react-router";
import { SiteFooter } from "./SiteFooter";
import { SiteHeader } from "./SiteHeader";

/** Header, routed content, footer (spec: Layout). */
export function Layout({ children }: { children?: ReactNode }) {
  return (
    <>
      <SiteHeader />
      {children ?? <Outlet />}
      <SiteFooter />
    </>
  );
}
