/// <reference path="../pb_data/types.d.ts" />
// Plan prices of products (issue 16): rich results need an Offer's price and currency, and
// the content had neither. Editors fill in the price of the plan the product's call to
// action leads to, and its ISO 4217 currency; a product without both has no Offer in its
// structured data (src/lib/structured-data.ts), so no page claims a price nobody set.

migrate(
  (app) => {
    const products = app.findCollectionByNameOrId("Products");
    products.fields.add(new NumberField({ name: "price", min: 0, max: 1000000 }));
    products.fields.add(new TextField({ name: "price_currency", max: 3, pattern: "^([A-Z]{3})?$" }));
    app.save(products);
  },
  (app) => {
    const products = app.findCollectionByNameOrId("Products");
    products.fields.removeByName("price");
    products.fields.removeByName("price_currency");
    app.save(products);
  },
);
