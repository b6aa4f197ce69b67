import type { AnchorHTMLAttributes } from "react";

/** Marks the anchors the layout's click handler navigates to on the client (use-plain-links). */
export const PLAIN_LINK_SELECTOR = "a[data-link]";

/**
 * An in-app link in a repeated list (store menu, footer, pagination, store cards' editorial
 * links) as a plain anchor. A router `<Link>` runs about eight hooks and resolves its path
 * against the route matches: ~23 µs of server render each, a third of the frame's render
 * with its 33 links (decision 023). The layout's one delegated click handler keeps the
 * client-side navigation a `<Link>` gives.
 */
export function PlainLink({ to, ...anchor }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string }) {
  return <a {...anchor} href={to} data-link="" />;
}
