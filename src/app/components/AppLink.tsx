import type { AnchorHTMLAttributes } from "react";
import { followInApp, type InAppNavigation } from "../in-app-navigation";

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> &
  InAppNavigation & {
    /** An address of this site, absolute ("/stores?page=2"). */
    to: string;
    /** The link of the page shown (a section, tab or filter): marked for assistive
     * technology (`aria-current="page"`) and styled as Bootstrap's `active` item. */
    current?: boolean;
  };

/**
 * A link to a page of this site: a plain anchor, followed on the client by the router
 * (in-app-navigation.ts). React Router's `<Link>` runs eight hooks per link to resolve
 * relative paths and prefetch, which this site never uses; with 30–140 links a page,
 * that was a tenth of the frame's server render (decision 023) and of hydration's work.
 */
export function AppLink({ to, state, preventScrollReset, current = false, onClick, ...anchor }: AppLinkProps) {
  return (
    <a
      {...anchor}
      className={current ? `${anchor.className ?? ""} active`.trim() : anchor.className}
      aria-current={current ? "page" : anchor["aria-current"]}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        followInApp(event, to, { state, preventScrollReset });
      }}
    />
  );
}
