import built from "../../../public/build/assets.json";
import { useNavigation } from "react-router";

/** Spec Layout: the logo with animated dots while a navigation or its loaders are in flight. */
export function GlobalLoader() {
  const busy = useNavigation().state !== "idle";
  return (
    <div className={`global-loader${busy ? " is-busy" : ""}`} role="status" aria-live="polite" aria-hidden={!busy}>
      {busy && (
        <div className="global-loader-box bg-body shadow rounded-3 px-3 py-2 d-flex align-items-center gap-2">
          <img src={built.logo} alt="" width={24} height={24} />
          <span className="visually-hidden">Loading…</span>
          <span className="global-loader-dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
        </div>
      )}
    </div>
  );
}
