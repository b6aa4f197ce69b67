import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { CONSENT_BACK_FIELD, CONSENT_FIELD, CONSENT_PATH, type ConsentChoice, consentChoice, COOKIE_SETTINGS_ID, parseConsent } from "../../lib/consent";
import { browserSendsGpc } from "../../lib/privacy";

type ConsentStatus = ConsentChoice | "unknown" | "gpc";

const STATUS: Record<ConsentStatus, string> = {
  unknown:
    "Your choice is kept in a cookie in this browser. Until you accept, Google Analytics, the campaign cookie and affiliate tracking calls stay off where the law asks for consent first.",
  granted: "You accepted: Google Analytics counts your visits, and partners can credit a visit that came through their link.",
  denied: "You refused: no analytics, no campaign cookie and no affiliate tracking calls. Clicks on offers still count, anonymously.",
  gpc: "Your browser sends Global Privacy Control, so analytics and affiliate tracking stay off whatever you choose here.",
};

/**
 * The consent choice again, on the cookie policy (every page's footer links here, issue 51):
 * Accept and Reject, alike, each a plain form (it works without JavaScript) that comes back
 * here saying what was saved. The page is the same for everyone, so what was chosen before is
 * read from the address after a choice, then from the browser.
 */
export function ConsentControl() {
  const [params] = useSearchParams();
  const [status, setStatus] = useState<ConsentStatus>(() => parseConsent(params.get(CONSENT_FIELD) ?? undefined) ?? "unknown");
  useEffect(() => {
    setStatus(browserSendsGpc() ? "gpc" : (consentChoice(document.cookie) ?? "unknown"));
  }, []);
  return (
    <div className="card card-body bg-body-tertiary border-0 mb-3">
      <p role="status" className="mb-3">
        {STATUS[status]}
      </p>
      <div className="d-flex flex-wrap gap-2">
        {(["granted", "denied"] as const).map((choice) => (
          <form key={choice} method="post" action={CONSENT_PATH}>
            <input type="hidden" name={CONSENT_BACK_FIELD} value={`/cookie-policy?${CONSENT_FIELD}=${choice}#${COOKIE_SETTINGS_ID}`} />
            <button type="submit" name={CONSENT_FIELD} value={choice} className="btn btn-primary" aria-pressed={status === choice}>
              {choice === "granted" ? "Accept" : "Reject"}
            </button>
          </form>
        ))}
      </div>
    </div>
  );
}
