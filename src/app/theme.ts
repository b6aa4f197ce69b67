/** Colour modes (Bootstrap's data-bs-theme): the visitor's choice, remembered in localStorage. */
export const THEME_STORAGE_KEY = "dealpilot-theme";

export type ThemeChoice = "light" | "dark" | "auto";
export const THEME_CHOICES: readonly ThemeChoice[] = ["light", "dark", "auto"];

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return value === "light" || value === "dark" || value === "auto";
}

/**
 * Runs in <head> before the body paints, so a reload never flashes the wrong theme.
 * Kept tiny and constant: a Content-Security-Policy allows it by hash.
 */
export const PREPAINT_THEME_SCRIPT = `(function(){try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});if(t!=="light"&&t!=="dark")t=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";document.documentElement.setAttribute("data-bs-theme",t)}catch(e){}})()`;
