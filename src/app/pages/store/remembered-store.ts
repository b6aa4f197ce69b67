/**
 * The store id remembered per title segment for the browser session (spec, Store page:
 * the id comes from navigation state, else session storage). Nothing is remembered on the
 * server, and a browser that refuses storage (private modes, quotas) simply has no memory.
 */
const key = (titleSegment: string) => `store-id:${titleSegment}`;

function sessionStore(): Storage | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}

export function rememberedStoreId(titleSegment: string): string | null {
  try {
    return sessionStore()?.getItem(key(titleSegment)) ?? null;
  } catch {
    return null;
  }
}

export function rememberStoreId(titleSegment: string, id: string): void {
  try {
    sessionStore()?.setItem(key(titleSegment), id);
  } catch {
    // Storage full or refused: the route's id still finds the store.
  }
}

/** Forgets the title segment's id if it is still `id`. */
export function forgetStoreId(titleSegment: string, id: string): void {
  try {
    if (rememberedStoreId(titleSegment) === id) sessionStore()?.removeItem(key(titleSegment));
  } catch {
    // Storage refused: nothing was remembered either.
  }
}
