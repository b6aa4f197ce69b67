/// <reference path="../pb_data/types.d.ts" />
// Help in the admin UI (issue 35) for the fields issue 36 added to offers after the other
// help texts (1767226830_field_help.js) were set.

const HELP = {
  countries: "Countries the offer is valid in; empty: worldwide. Visitors elsewhere see it under “Not available in …”, without code or link.",
  cta_urls: 'Per country, the partner URL used instead of cta_url, e.g. {"DE": "https://shop.example.de/deal"}.',
};

/** Sets the two fields' help texts, or clears them (`clear`). */
function setHelp(app, clear) {
  const offers = app.findCollectionByNameOrId("_zdata_offers");
  for (const [field, text] of Object.entries(HELP)) offers.fields.getByName(field).help = clear ? "" : text;
  app.save(offers);
}

migrate(
  (app) => setHelp(app, false),
  (app) => setHelp(app, true),
);
