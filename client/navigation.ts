import type { createBrowserRouter } from "react-router";

export type Router = ReturnType<typeof createBrowserRouter>;
type RouterLocation = Router["state"]["location"];

/** Calls `effect` once for the first page and once after every completed navigation, after
 * React has committed the new page. */
export function afterEachNavigation(router: Router, effect: (location: RouterLocation) => void): void {
  let lastKey: string | undefined;
  const run = () => {
    const { location, navigation } = router.state;
    if (navigation.state !== "idle" || location.key === lastKey) return;
    lastKey = location.key;
    setTimeout(() => effect(location));
  };
  run();
  router.subscribe(run);
}
