import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { browserOptedOut, browserSendsGpc } from "../../lib/privacy";

type OptOutState = "unknown" | "opted-out" | "opted-in" | "gpc";

/** The choice as this page can know it without reading cookies on the server (the page is
 * the same for everyone): from the address after a choice was saved, then from the browser. */
function initialState(saved: string | null): OptOutState {
  return saved === "opted-out" || saved === "opted-in" ? saved : "unknown";
}

const STATUS: Record<OptOutState, string> = {
  unknown: "Your choice is kept in a cookie in this browser.",
  "opted-out": "You have opted out in this browser: we load no analytics and make no affiliate tracking calls for you.",
  "opted-in": "You have not opted out in this browser.",
  gpc: "Your browser sends Global Privacy Control, so this browser is opted out whatever you choose here.",
};

/** The do-not-sell opt-out switch: a plain form, so it works without JavaScript too. */
export function OptOutControl() {
  const [params] = useSearchParams();
  const [state, setState] = useState<OptOutState>(() => initialState(params.get("choice")));
  useEffect(() => {
    setState(browserSendsGpc() ? "gpc" : browserOptedOut() ? "opted-out" : "opted-in");
  }, []);
  const optedOut = state === "opted-out" || state === "gpc";
  return (
    <form method="post" action="/privacy/opt-out" className="card card-body bg-body-tertiary border-0 mb-3" aria-labelledby="opt-out-heading">
      <h3 id="opt-out-heading" className="h6">
        Opt out in this browser
      </h3>
      <p role="status" className="mb-3">
        {STATUS[state]}
      </p>
      <input type="hidden" name="choice" value={optedOut ? "in" : "out"} />
      <div>
        <button type="submit" className={`btn ${optedOut ? "btn-outline-secondary" : "btn-primary"}`} disabled={state === "gpc"}>
          {optedOut ? "Opt back in" : "Do not sell or share my personal information"}
        </button>
      </div>
    </form>
  );
}
