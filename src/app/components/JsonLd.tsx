import { jsonForScript } from "../../lib/json-script";
import type { JsonLdNode } from "../../lib/structured-data";
import { jsonLdGraph } from "../../lib/structured-data";

/** schema.org data for search engines: a data block, never executed, escaped so that
 * content cannot close the element (lib/json-script). Renders nothing without nodes. */
export function JsonLd({ nodes }: { nodes: ReadonlyArray<JsonLdNode | null | undefined> }) {
  const graph = jsonLdGraph(nodes);
  if (!graph["@graph"].length) return null;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by jsonForScript (src/lib/json-script.ts) in a non-executable data block
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(graph) }} />;
}
