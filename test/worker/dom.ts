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

/** Text as read on screen: the element's text, each element's boundary read as a space (a
 * reader sees separate items: a label and its value, a badge and a title), whitespace collapsed. */
export function textIn(element: Node | null | undefined): string {
  return element ? readText(element, " ").replace(/\s+/g, " ").trim() : "";
}

/** The text under `node`, comments dropped, `boundary` at each element's start and end. */
function readText(node: Node, boundary: string): string {
  if (node.nodeType === 3) return (node as Text).data;
  const inner = [...node.childNodes].map((child) => readText(child, boundary)).join("");
  return node.nodeType === 1 ? boundary + inner + boundary : inner;
}

/** An attribute's value, its name matched without regard to case as HTML does (React writes `dateTime`). */
export function attribute(element: Element | null | undefined, name: string): string | undefined {
  return [...(element?.attributes ?? [])].find((a) => a.name.toLowerCase() === name)?.value;
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

/** `a` starts before `b` in the document. */
export function precedes(page: Page, a: Element, b: Element): boolean {
  const order = [...page.querySelectorAll("*")];
  return order.indexOf(a) < order.indexOf(b);
}

/** The text of an HTML fragment, parsed: each element's boundary read as `boundary`
 * (a space where a reader sees separate items), comments dropped, whitespace collapsed. */
export function fragmentText(html: string, boundary = " "): string {
  return readText(parseHTML(`<!DOCTYPE html><html><body>${html}</body></html>`).document.body, boundary)
    .replace(/\s+/g, " ")
    .trim();
}
