/// <reference path="../pb_data/types.d.ts" />
// A product's coupon code comes from one of its offers (issue 34): a `coupon_offer`
// relation replaces the typed `coupon_code`, so the code follows that offer's dates and
// edits and is not offered once the offer has ended (docs/decisions/043). Each product's
// typed code is matched to the offer carrying the same code, its own offers first.

migrate(
  (app) => {
    const products = app.findCollectionByNameOrId("Products");
    const offers = app.findCollectionByNameOrId("_zdata_offers");
    products.fields.add(new RelationField({ name: "coupon_offer", collectionId: offers.id, maxSelect: 1, cascadeDelete: false }));
    app.save(products);

    for (const product of app.findRecordsByFilter("Products", 'coupon_code != ""', "", 0, 0)) {
      const code = product.getString("coupon_code");
      const own = product.getStringSlice("offers");
      const matches = app.findRecordsByFilter("_zdata_offers", "coupon_code = {:code}", "-expires_at", 0, 0, { code });
      const offer = matches.find((o) => own.includes(o.id)) ?? matches[0];
      if (!offer) continue;
      product.set("coupon_offer", offer.id);
      app.saveNoValidate(product);
    }

    products.fields.removeByName("coupon_code");
    app.save(products);
  },
  (app) => {
    const products = app.findCollectionByNameOrId("Products");
    products.fields.add(new TextField({ name: "coupon_code", max: 100 }));
    app.save(products);
    for (const product of app.findRecordsByFilter("Products", 'coupon_offer != ""', "", 0, 0)) {
      const offer = app.findRecordById("_zdata_offers", product.getString("coupon_offer"));
      product.set("coupon_code", offer.getString("coupon_code"));
      app.saveNoValidate(product);
    }
    products.fields.removeByName("coupon_offer");
    app.save(products);
  },
);
