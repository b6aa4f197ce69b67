import { useEffect, useRef, type FocusEvent, type RefObject } from "react";

/** Keyboard focus opens menus; the focus a mouse click gives does not (the click decides). */
export function isKeyboardFocus(event: FocusEvent): boolean {
  return (event.target as HTMLElement).matches(":focus-visible");
}

/** Closes an open menu or panel on Escape (returning focus to `returnFocus`) and on a
 * pointer press outside `container`. */
export function useDismiss(open: boolean, container: RefObject<HTMLElement | null>, close: () => void, returnFocus?: RefObject<HTMLElement | null>) {
  const latestClose = useRef(close);
  latestClose.current = close;
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      latestClose.current();
      returnFocus?.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (container.current && !container.current.contains(event.target as Node)) latestClose.current();
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, container, returnFocus]);
}
