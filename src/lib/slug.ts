/** The spec's route contract: title segments are the lowercased title, percent-encoded. */
export function titleSegment(title: string): string {
  return encodeURIComponent(title.trim().toLowerCase());
}

/** Link text for a title segment: spaces become underscores after decoding; a malformed
 * encoding falls back to replacing %20 (spec section 2). */
export function titleSegmentLabel(segment: string): string {
  try {
    return decodeURIComponent(segment).replace(/ /g, "_");
  } catch {
    return segment.replace(/%20/g, "_");
  }
}

export function storePath(store: { id: string; title: string }): string {
  return `/stores/${titleSegment(store.title)}/${store.id}`;
}

/** Issue 53's addresses: name segments as store titles are. */
export function productPath(product: { id: string; name: string }): string {
  return `/products/${titleSegment(product.name)}/${product.id}`;
}

export function alternativesPath(product: { id: string; name: string }): string {
  return `${productPath(product)}/alternatives`;
}

/** `name`: "{first_name} {last_name}". */
export function authorPath(author: { id: string; name: string }): string {
  return `/authors/${titleSegment(author.name)}/${author.id}`;
}

/** Whether the title segment of a detail path (`/{list}/{title}/{id}`) is exactly the one
 * our links use. Compared as written, never decoded: a title containing "/" encodes to
 * "%2F", and comparing its decoded form would redirect to itself forever. */
export function hasCanonicalTitleSegment(pathname: string, title: string): boolean {
  return pathname.split("/")[2] === titleSegment(title);
}
