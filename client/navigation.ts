import type { createBrowserRouter } from "react-router";
import { PAGE_SHOWN_EVENT } from "../src/app/layout/page-shown";

export type Router = ReturnType<typeof createBrowserRouter>;
type RouterLocation = Router["state"]["location"];

/** Calls `effect` once for the first page and once after every completed navigation, after
 * React has committed the new page (the Layout announces it): the router turns idle before
 * that, when `document.title` and the content are still the previous page's. */
export function afterEachNavigation(router: Router, effect: (location: RouterLocation) => void): void {
  let lastKey: string | undefined;
  const run = () => {
    const { location, navigation } = router.state;
    if (navigation.state !== "idle" || location.key === lastKey) return;
    lastKey = location.key;
    effect(location);
  };
  run();
  window.addEventListener(PAGE_SHOWN_EVENT, run);
}
