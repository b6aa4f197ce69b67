import type { RootData } from "../src/app/root-data";
import { denyUntilConsent, startAnalytics } from "./analytics";
import { browserConsent, takeConsentChoice } from "./consent";
import type { Router } from "./navigation";
import { startPings } from "./ping";
import { startTrackingCapture } from "./tracking";

/** What runs beside the pages without taking part in rendering them: tracking capture,
 * analytics and affiliate pings. A chunk of its own, started after hydration, so none of
 * it delays a page becoming interactive (docs/decisions/016). None of it is essential:
 * where consent is asked, it starts once the visitor accepts, and never after a refusal
 * (issue 51); until then only Consent Mode's denied defaults are queued. */
export function startSiteServices(router: Router, site: RootData["site"] | undefined): void {
  const start = (consented: boolean) => {
    startTrackingCapture(router);
    startAnalytics(router, site?.analyticsId ?? "", { consented });
    if (site?.pingsEnabled) startPings(router, site.pingCid);
  };
  const consent = browserConsent();
  if (consent === "not-asked") {
    start(false);
    return;
  }
  if (consent === "denied") return;
  denyUntilConsent();
  if (consent === "granted") start(true);
  else takeConsentChoice((choice) => choice === "granted" && start(true));
}
