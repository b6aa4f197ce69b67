// The Worker tsconfig includes the DOM lib because the universal React app (src/app)
// touches the DOM in effects; the DOM's CacheStorage then hides Workers' `caches.default`.
interface CacheStorage {
  readonly default: Cache;
}
