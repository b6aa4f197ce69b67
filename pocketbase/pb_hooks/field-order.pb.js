/// <reference path="../pb_data/types.d.ts" />
// Every save of a content collection's schema keeps its fields in the editors' order
// (field-order.js): a migration or an admin adding a field finds it in its place in the form.
// Bound to those collections by name: a handler runs in a VM of its own, and PocketBase
// saves other collections as it starts.

const keepEditorsOrder = (e) => {
  require(`${__hooks}/field-order.js`).orderFields(e.collection);
  e.next();
};

onCollectionCreate(keepEditorsOrder, ...require(`${__hooks}/field-order.js`).COLLECTIONS);
onCollectionUpdate(keepEditorsOrder, ...require(`${__hooks}/field-order.js`).COLLECTIONS);
