import { useEffect } from "react";
import { useNavigate } from "react-router";
import { PLAIN_LINK_SELECTOR } from "../components/PlainLink";

/**
 * Client-side navigation for every `PlainLink`, as a router `<Link>` does it: a left click
 * without a modifier key, on a link that opens in this tab, to this origin, goes through the
 * router (replacing the history entry when it is the current address); any other click is
 * left to the browser (new tab, download, …). React's own handlers run first (its listener
 * on the document was added when it hydrated), so one that prevents the default wins.
 */
export function usePlainLinks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest(PLAIN_LINK_SELECTOR) : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const to = url.pathname + url.search + url.hash;
      navigate(to, { replace: to === window.location.pathname + window.location.search + window.location.hash });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
