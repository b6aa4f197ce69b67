/// <reference path="../pb_data/types.d.ts" />
// The record forms of the admin UI list a collection's fields in the order of its `fields`
// (issue 51): the offer form showed four counters before the type and the code, and the
// store near the end. Each content collection's fields go in the order an editor fills them,
// `status` after them, what nobody types (the times PocketBase sets, the counters the site
// raises) last: pb_hooks/field-order.js, whose hook keeps the order on every later save.

migrate(
  (app) => {
    const { COLLECTIONS, orderFields } = require(`${__hooks}/field-order.js`);
    for (const name of COLLECTIONS) {
      const collection = app.findCollectionByNameOrId(name);
      if (orderFields(collection)) app.save(collection);
    }
  },
  // The order matters to the admin UI's forms alone: going back leaves it.
  () => {},
);
