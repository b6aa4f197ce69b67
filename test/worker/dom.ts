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

/** The landmark or section labelled `label` (aria-label, or aria-labelledby's text; exactly, or matching). */
export function region(page: Page, label: string | RegExp): Element | undefined {
  return [...page.querySelectorAll("[aria-label], [aria-labelledby]")].find((element) => {
    const by = element.getAttribute("aria-labelledby");
    const name = (by ? textIn(page.getElementById(by)) : element.getAttribute("aria-label")) ?? "";
    return typeof label === "string" ? name === label : label.test(name);
  });
}

/** The headings of `scope` as a screen reader lists them: level and text, in document order. */
export function headings(scope: Page | Element): { level: number; text: string }[] {
  return [...scope.querySelectorAll("h1, h2, h3, h4, h5, h6")].map((h) => ({ level: Number(h.tagName.slice(1)), text: textIn(h) }));
}

/** The stylesheets and module scripts a browser loads for the page, by address. */
export function assetsOf(page: Page): { stylesheets: string[]; scripts: string[] } {
  const addresses = (selector: string, attribute: string) => [...page.querySelectorAll(selector)].map((element) => element.getAttribute(attribute) ?? "");
  return { stylesheets: addresses("link[rel=stylesheet]", "href"), scripts: addresses("script[type=module][src]", "src") };
}

/** `a` comes before `b` in the document (Node.DOCUMENT_POSITION_FOLLOWING: b follows a). */
export function precedes(a: Element, b: Element): boolean {
  return (a.compareDocumentPosition(b) & 4) !== 0;
}

/** The text of an HTML fragment, parsed: each element's boundary read as `boundary`
 * (a space where a reader sees separate items), comments dropped, whitespace collapsed. */
export function fragmentText(html: string, boundary = " "): string {
  const read = (node: Node): string => {
    if (node.nodeType === 3) return (node as Text).data;
    if (node.nodeType !== 1) return "";
    return boundary + [...node.childNodes].map(read).join("") + boundary;
  };
  const body = parseHTML(`<!DOCTYPE html><html><body>${html}</body></html>`).document.body;
  return [...body.childNodes].map(read).join("").replace(/\s+/g, " ").trim();
}
