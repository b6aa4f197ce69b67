/// <reference path="../pb_data/types.d.ts" />
// Every save of a content collection's schema keeps its fields in the editors' order
// (field-order.js): a migration or an admin adding a field finds it in its place in the form.

onCollectionCreate((e) => {
  require(`${__hooks}/field-order.js`).orderFields(e.collection);
  e.next();
});

onCollectionUpdate((e) => {
  require(`${__hooks}/field-order.js`).orderFields(e.collection);
  e.next();
});
