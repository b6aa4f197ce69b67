import { useEffect, useId, useRef, useState } from "react";
import { isThemeChoice, THEME_CHOICES, THEME_STORAGE_KEY, type ThemeChoice } from "../theme";
import { useDismiss } from "./use-dismiss";

const LABELS: Record<ThemeChoice, string> = { light: "Light", dark: "Dark", auto: "Auto" };
const ICONS: Record<ThemeChoice, string> = { light: "☀", dark: "☾", auto: "◐" };

function applyTheme(choice: ThemeChoice) {
  const dark = choice === "dark" || (choice === "auto" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  const theme = dark ? "dark" : "light";
  // Hydration finds the pre-paint script's value in place: setting it again would restyle
  // the whole document (every Bootstrap colour rule reads the attribute).
  if (document.documentElement.getAttribute("data-bs-theme") !== theme) document.documentElement.setAttribute("data-bs-theme", theme);
}

/** Light / Dark / Auto. The pre-paint script applied the stored choice already; this keeps
 * it, and in Auto follows the OS setting live. */
export function ThemeSwitcher() {
  // The server cannot know the stored choice: render Auto, then read it after hydration.
  // Null until read: applying Auto before it would flash the system's theme over the
  // visitor's own choice, which the pre-paint script had already applied.
  const [stored, setStored] = useState<ThemeChoice | null>(null);
  const choice = stored ?? "auto";
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useDismiss(open, root, () => setOpen(false), toggle);

  useEffect(() => {
    const saved = localStorage.getItem(THEME_STORAGE_KEY);
    setStored(isThemeChoice(saved) ? saved : "auto");
  }, []);

  useEffect(() => {
    if (stored === null) return;
    applyTheme(stored);
    if (stored !== "auto") return;
    const query = window.matchMedia("(prefers-color-scheme: dark)");
    const follow = () => applyTheme("auto");
    query.addEventListener("change", follow);
    return () => query.removeEventListener("change", follow);
  }, [stored]);

  const choose = (next: ThemeChoice) => {
    localStorage.setItem(THEME_STORAGE_KEY, next);
    setStored(next);
    setOpen(false);
    toggle.current?.focus();
  };

  return (
    // A choice needs a script (it is kept in localStorage): without one the system's colours stand.
    <div className="dropdown js-only" ref={root}>
      <button
        ref={toggle}
        type="button"
        className="btn btn-link nav-link px-2 dropdown-toggle"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Theme: ${LABELS[choice]}`}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden="true">{ICONS[choice]}</span>
      </button>
      <ul id={menuId} className={`dropdown-menu dropdown-menu-end${open ? " show" : ""}`} aria-label="Colour theme">
        {THEME_CHOICES.map((c) => (
          <li key={c}>
            <button type="button" className={`dropdown-item${c === choice ? " active" : ""}`} aria-pressed={c === choice} onClick={() => choose(c)}>
              <span aria-hidden="true" className="me-2">
                {ICONS[c]}
              </span>
              {LABELS[c]}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
