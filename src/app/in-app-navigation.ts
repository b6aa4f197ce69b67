import type { MouseEvent } from "react";

/** What a link may ask of the navigation besides its address. */
export interface InAppNavigation {
  /** History state handed to the next page's loader (the store page's id hint). */
  state?: unknown;
  /** Keep the scroll position (a filter that changes the list below it). */
  preventScrollReset?: boolean;
}

type Navigate = (to: string, options: InAppNavigation & { replace: boolean }) => unknown;

let navigate: Navigate | undefined;

/** The browser entry hands over its router's `navigate`; the server never follows a click. */
export function setInAppNavigate(routerNavigate: Navigate): void {
  navigate = routerNavigate;
}

/**
 * What a click on an in-app link does: a client navigation, as React Router's `<Link>`
 * would, except for what the browser should handle itself (another button, a modifier key
 * for a new tab or window, a target frame, a handler that already prevented it). Following
 * the current address replaces the history entry instead of adding one, as `<Link>` does.
 */
export function followInApp(event: MouseEvent<HTMLAnchorElement>, to: string, navigation: InAppNavigation): void {
  const anchor = event.currentTarget;
  if (!navigate || event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
  if (anchor.target && anchor.target !== "_self") return;
  event.preventDefault();
  navigate(to, { ...navigation, replace: anchor.href === window.location.href });
}
