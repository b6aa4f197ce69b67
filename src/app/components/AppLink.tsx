import type { AnchorHTMLAttributes } from "react";
import { omit } from "../../lib/omit";
import { followInApp, type InAppNavigation } from "../in-app-navigation";

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> &
  InAppNavigation & {
    /** An address of this site, absolute ("/stores?page=2"). */
    to: string;
    /** The link of the page shown (a section, tab or filter): marked for assistive
     * technology (`aria-current="page"`) and styled as Bootstrap's `active` item. */
    current?: boolean;
  };

const NAVIGATION_PROPS = ["to", "state", "preventScrollReset", "current", "onClick"] as const;

/**
 * A link to a page of this site: a plain anchor, followed on the client by the router
 * (in-app-navigation.ts). React Router's `<Link>` runs eight hooks per link to resolve
 * relative paths and prefetch, which this site never uses; with 30–140 links a page,
 * that was a tenth of the frame's server render (decision 023) and of hydration's work.
 * The anchor's props are copied by `omit` rather than an object rest (decision 026).
 */
export function AppLink(props: AppLinkProps) {
  const { to, state, preventScrollReset, current = false, onClick } = props;
  const anchor: AnchorHTMLAttributes<HTMLAnchorElement> = omit(props, NAVIGATION_PROPS);
  if (current) {
    anchor.className = `${anchor.className ?? ""} active`.trim();
    anchor["aria-current"] = "page";
  }
  anchor.href = to;
  anchor.onClick = (event) => {
    onClick?.(event);
    followInApp(event, to, { state, preventScrollReset });
  };
  return <a {...anchor} />;
}
