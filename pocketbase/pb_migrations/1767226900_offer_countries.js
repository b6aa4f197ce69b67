/// <reference path="../pb_data/types.d.ts" />
// Offers for the visitor's country (issue 36). `countries`: the ISO 3166-1 alpha-2 codes an
// offer is valid in, a multi-select in the admin UI; empty means worldwide. `cta_urls`: a
// JSON object from country code to partner URL, which /goto uses instead of `cta_url` for a
// visitor from that country. The codes are those of src/lib/countries.ts (a unit test keeps
// the two lists equal).

const COUNTRY_CODES = (
  "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ " +
  "CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR " +
  "GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP " +
  "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT " +
  "MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW " +
  "SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG " +
  "UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW"
).split(" ");

migrate(
  (app) => {
    const offers = app.findCollectionByNameOrId("_zdata_offers");
    offers.fields.add(new SelectField({ name: "countries", maxSelect: COUNTRY_CODES.length, values: COUNTRY_CODES }));
    offers.fields.add(new JSONField({ name: "cta_urls", maxSize: 20000 }));
    app.save(offers);
  },
  (app) => {
    const offers = app.findCollectionByNameOrId("_zdata_offers");
    offers.fields.removeByName("countries");
    offers.fields.removeByName("cta_urls");
    app.save(offers);
  },
);
