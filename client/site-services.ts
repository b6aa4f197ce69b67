import type { RootData } from "../src/app/root-data";
import { startAnalytics } from "./analytics";
import type { Router } from "./navigation";
import { startPings } from "./ping";
import { startTrackingCapture } from "./tracking";

/** What runs beside the pages without taking part in rendering them: tracking capture,
 * analytics and affiliate pings. A chunk of its own, started after hydration, so none of
 * it delays a page becoming interactive (docs/decisions/016). */
export function startSiteServices(router: Router, site: RootData["site"] | undefined): void {
  startTrackingCapture(router);
  startAnalytics(router, site?.analyticsId ?? "");
  if (site?.pingsEnabled) startPings(router, site.pingCid);
}
