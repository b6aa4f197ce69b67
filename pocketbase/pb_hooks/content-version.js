/// <reference path="../pb_data/types.d.ts" />
// Shared by content.pb.js (a CommonJS module, not a .pb.js file, so PocketBase does
// not load it as hooks of its own). Handlers run in isolated contexts: they `require` this
// file instead of reading variables of the hook file.

module.exports = {
  /**
   * The base collections whose records the site shows (src/data/collections.ts). A change to
   * any of them raises the content version; views (`_zsec_*`) follow their base collections.
   * Collections written by visitors or the Worker (outbound_events, newsletter_subscribers)
   * are left out on purpose: a click must not rebuild the site's caches.
   */
  SHOWN_COLLECTIONS: [
    "_zdata_stores",
    "_zdata_categories",
    "_zdata_badges",
    "_zdata_offers",
    "_zdata_banners",
    "_zdata_authors",
    "_zdata_articles",
    "_zdata_comparisons",
    "_zdata_advertorials",
    "Products",
    "websites",
  ],

  /**
   * Raises the version to at least the current time in milliseconds, and by at least one:
   * it only ever grows, even after a restore from an older backup (the next change lands
   * past every version the Worker has seen). One single-row UPDATE, no record hooks.
   * @param {core.App} app
   */
  bump: (app) => {
    app.db().newQuery("UPDATE _zsys_content_version SET version = MAX(version + 1, {:now}) WHERE id = 'contentversion1'").bind({ now: Date.now() }).execute();
  },

  /**
   * An after-success hook's body: lets the change finish, then raises the version. A failure
   * is logged and never fails the save.
   * @param {core.RecordEvent} e
   */
  raiseAfter: (e) => {
    e.next();
    try {
      module.exports.bump(e.app);
    } catch (error) {
      e.app.logger().error("content version not raised", "error", String(error), "collection", e.record.collection().name);
    }
  },
};
