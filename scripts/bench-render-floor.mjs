// @ts-check
/**
 * The render bench's floor: a page of plain cards (a heading, a paragraph, a link with a
 * class). No loaders, no hooks, no context: what React needs at least to stream that much
 * markup. Shared by the bench in Node and its worker in workerd.
 * @param {(type: string, props: Record<string, unknown> | null, ...children: unknown[]) => unknown} h React's createElement
 * @param {number} cards
 */
export const floorTree = (h, cards) =>
  h(
    "html",
    { lang: "en" },
    h("head", null, h("meta", { charSet: "utf-8" }), h("title", null, "Floor")),
    h(
      "body",
      null,
      h(
        "main",
        { className: "container" },
        Array.from({ length: cards }, (_, i) =>
          h(
            "article",
            { key: i, className: "card h-100" },
            h("h3", { className: "h6" }, `Card ${i}`),
            h("p", { className: "small text-body-secondary" }, `Text of card number ${i}, about as long as a summary line.`),
            h("a", { href: `/stores/card-${i}/abc${i}`, className: "btn btn-outline-primary btn-sm" }, "Open"),
          ),
        ),
      ),
    ),
  );
