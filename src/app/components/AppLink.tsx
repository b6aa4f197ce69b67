import type { AnchorHTMLAttributes } from "react";
import { followInApp, type InAppNavigation } from "../in-app-navigation";

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> &
  InAppNavigation & {
    /** An address of this site, absolute ("/stores?page=2"). */
    to: string;
  };

/**
 * A link to a page of this site: a plain anchor, followed on the client by the router
 * (in-app-navigation.ts). React Router's `<Link>` runs eight hooks per link to resolve
 * relative paths and prefetch, which this site never uses; with 30–140 links a page,
 * that was a tenth of the frame's server render (decision 023) and of hydration's work.
 */
export function AppLink({ to, state, preventScrollReset, onClick, ...anchor }: AppLinkProps) {
  return (
    <a
      {...anchor}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        followInApp(event, { state, preventScrollReset });
      }}
    />
  );
}
