import { parseHTML } from "linkedom";

/**
 * Pages as a visitor or a crawler reads them, for assertions that do not depend on how React
 * or Bootstrap write the markup (text separators, class lists, attribute order): a real
 * HTML parser (linkedom) and a few questions a reader asks of a page.
 */
export type Page = ReturnType<typeof parseHTML>["document"];

export function parsePage(html: string): Page {
  return parseHTML(html).document;
}

/** Text as read on screen: the element's text, whitespace collapsed. */
export function textIn(element: { textContent: string | null } | null | undefined): string {
  return (element?.textContent ?? "").replace(/\s+/g, " ").trim();
}

/** What a link or button is called: its aria-label, else its text. */
export function accessibleName(element: Element): string {
  return element.getAttribute("aria-label") ?? textIn(element);
}

/** The links of `scope` (a page or a part of it) named `name` (exactly, or matching). */
export function linksNamed(scope: Page | Element, name: string | RegExp): Element[] {
  return [...scope.querySelectorAll("a[href]")].filter((a) => (typeof name === "string" ? accessibleName(a) === name : name.test(accessibleName(a))));
}

/** The landmark or section labelled `label` (aria-label, or aria-labelledby's text). */
export function region(page: Page, label: string): Element | undefined {
  return [...page.querySelectorAll("[aria-label], [aria-labelledby]")].find((element) => {
    const by = element.getAttribute("aria-labelledby");
    return (by ? textIn(page.getElementById(by)) : element.getAttribute("aria-label")) === label;
  });
}
