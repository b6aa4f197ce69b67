import { XMLParser } from "fast-xml-parser";
import { FeedError } from "./network-fetch";

/**
 * The XML feeds (CJ, Rakuten) through fast-xml-parser: entities decoded, no attribute or
 * value guessed into a number (an id "00123" stays itself), and the repeated element
 * always a list, even when the page has one.
 */
export function parseXml(xml: string, lists: readonly string[], what: string): Record<string, unknown> {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@_",
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    htmlEntities: false,
    isArray: (name) => lists.includes(name),
  });
  try {
    return parser.parse(xml, true) as Record<string, unknown>;
  } catch (err) {
    throw new FeedError(`${what}: not well-formed XML (${err instanceof Error ? err.message.slice(0, 120) : "error"})`, false);
  }
}
