/// <reference path="../pb_data/types.d.ts" />
// Publishing (docs/decisions/022): every create, update or delete of a record the site shows
// raises the content version once the change is committed, so the Worker rebuilds the cached
// pages and reads made before it within seconds, at every Cloudflare location, without a
// purge. A failure here is logged and never fails the editor's save.

const shown = require(`${__hooks}/content-version.js`).SHOWN_COLLECTIONS;

const raiseContentVersion = (e) => {
  e.next();
  try {
    require(`${__hooks}/content-version.js`).bump(e.app);
  } catch (error) {
    e.app.logger().error("content version not raised", "error", String(error), "collection", e.record.collection().name);
  }
};

onRecordAfterCreateSuccess(raiseContentVersion, ...shown);
onRecordAfterUpdateSuccess(raiseContentVersion, ...shown);
onRecordAfterDeleteSuccess(raiseContentVersion, ...shown);
