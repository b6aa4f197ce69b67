import { useId, useRef, useState, type FocusEvent, type PointerEvent } from "react";
import type { HeaderStore } from "../../data/website";
import { AppLink } from "../components/AppLink";
import { isKeyboardFocus, useDismiss } from "./use-dismiss";

/**
 * 'Coupon & Deals' (links to /offers) with a menu of the first stores, each to its
 * category's store list (spec), which the item names ("in VPN stores"): a visitor expecting
 * the store's own page knows where the item leads (issue 51). Opens on hover, on keyboard
 * focus and on tap of the caret; closes when the pointer or focus leaves, and on Escape.
 */
export function StoresMenu({ stores, current }: { stores: HeaderStore[]; current: boolean }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLLIElement>(null);
  const caret = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);
  useDismiss(open, root, close, caret);

  const onBlur = (event: FocusEvent) => {
    if (!root.current?.contains(event.relatedTarget as Node | null)) close();
  };

  return (
    <li
      ref={root}
      className="nav-item dropdown d-flex align-items-center"
      onPointerEnter={(e: PointerEvent) => e.pointerType === "mouse" && setOpen(true)}
      onPointerLeave={(e: PointerEvent) => e.pointerType === "mouse" && close()}
      onFocus={(e: FocusEvent) => isKeyboardFocus(e) && !root.current?.contains(e.relatedTarget as Node | null) && setOpen(true)}
      onBlur={onBlur}
    >
      <AppLink className="nav-link pe-1" to="/offers" current={current} onClick={close}>
        Coupon &amp; Deals
      </AppLink>
      <button
        ref={caret}
        type="button"
        className="btn btn-link nav-link ps-0 dropdown-toggle"
        // At least 24 px wide: the caret alone is a smaller target (WCAG 2.5.8).
        style={{ minWidth: 24 }}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label="Stores"
        onClick={() => setOpen((o) => !o)}
      />
      <ul id={menuId} className={`dropdown-menu${open ? " show" : ""}`} style={{ top: "100%" }}>
        {stores.map((store) => (
          <li key={store.id}>
            <AppLink className="dropdown-item" to={store.category ? `/stores?catID=${encodeURIComponent(store.category.id)}` : "/stores"} onClick={close}>
              {store.title}
              <span className="d-block small text-body-secondary">{store.category ? `in ${store.category.title} stores` : "in all stores"}</span>
            </AppLink>
          </li>
        ))}
        <li>
          <hr className="dropdown-divider" />
        </li>
        <li>
          <AppLink className="dropdown-item fw-semibold" to="/stores" onClick={close}>
            View All Stores
          </AppLink>
        </li>
      </ul>
    </li>
  );
}
