/// <reference path="../pb_data/types.d.ts" />
// Content schema of the site (PocketBase 0.40 JSVM migration, runs inside PocketBase's
// goja runtime: not an ES module, not type-checked by the project's tsc).
//
// Every collection is public-read (listRule/viewRule "") and has no public write
// (create/update/delete rules null: superusers only). Field names follow the product
// spec, misspellings included (summery, secondery_product).

migrate(
  (app) => {
    const IMAGE_MIME = ["image/png", "image/jpeg", "image/webp", "image/svg+xml", "image/gif"];
    const THUMBS = ["100x100", "400x0", "0x300"];
    const MAX_FILE = 5 * 1024 * 1024;

    const text = (name, opts) => Object.assign({ name, type: "text", max: 5000 }, opts || {});
    const editor = (name, opts) => Object.assign({ name, type: "editor", convertURLs: false }, opts || {});
    const url = (name) => ({ name, type: "url" });
    const bool = (name) => ({ name, type: "bool" });
    const num = (name, opts) => Object.assign({ name, type: "number" }, opts || {});
    const int = (name) => ({ name, type: "number", onlyInt: true, min: 0 });
    const json = (name) => ({ name, type: "json", maxSize: 100000 });
    const date = (name) => ({ name, type: "date" });
    const select = (name, values, opts) => Object.assign({ name, type: "select", values, maxSelect: 1 }, opts || {});
    const image = (name, maxSelect) => ({
      name,
      type: "file",
      maxSelect: maxSelect || 1,
      maxSize: MAX_FILE,
      mimeTypes: IMAGE_MIME,
      thumbs: THUMBS,
    });
    const rel = (name, collectionName, maxSelect, opts) =>
      Object.assign(
        {
          name,
          type: "relation",
          collectionId: app.findCollectionByNameOrId(collectionName).id,
          cascadeDelete: false,
          maxSelect,
        },
        opts || {},
      );
    const one = (name, collectionName, opts) => rel(name, collectionName, 1, opts);
    const many = (name, collectionName, opts) => rel(name, collectionName, 999, opts);
    const timestamps = () => [
      { name: "create_time", type: "autodate", onCreate: true, onUpdate: false },
      { name: "update_time", type: "autodate", onCreate: true, onUpdate: true },
    ];
    const meta = (keywordName) => [text("meta_title"), text(keywordName), text("meta_description")];
    const rating = () => num("rating", { min: 0, max: 5 });

    const base = (name, fields, indexes) => {
      const collection = new Collection({
        type: "base",
        name,
        listRule: "",
        viewRule: "",
        createRule: null,
        updateRule: null,
        deleteRule: null,
        fields: fields.concat(timestamps()),
        indexes: indexes || [],
      });
      app.save(collection);
      return collection;
    };

    base(
      "_zdata_categories",
      [
        text("title", { required: true }),
        text("slug"),
        image("icon_image"),
        text("icon_code", { max: 5000 }),
        text("color_hex", { pattern: "^#[0-9a-fA-F]{6}$" }),
        ...meta("meta_keyword"),
      ],
      ["CREATE INDEX idx_zdata_categories_title ON _zdata_categories (title)"],
    );

    base("_zdata_badges", [
      text("title", { required: true }),
      image("icon"),
      text("icon_class"),
      select("style", ["primary", "secondary", "success", "danger", "warning", "info", "dark"]),
    ]);

    base(
      "_zdata_stores",
      [
        image("logo"),
        image("banner_image"),
        text("title", { required: true }),
        text("slug"),
        editor("summery"),
        text("subheading"),
        many("category_ids", "_zdata_categories"),
        url("website"),
        url("default_action_url"),
        text("default_action_text"),
        bool("is_featured_store"),
        bool("is_featured"),
        one("badge", "_zdata_badges"),
        editor("description"),
        rating(),
        int("reviewers"),
        json("keypoints"),
        ...meta("meta_keyword"),
        int("view_count"),
      ],
      ["CREATE INDEX idx_zdata_stores_title ON _zdata_stores (title)"],
    );

    base(
      "_zdata_offers",
      [
        text("heading", { required: true }),
        text("subheading"),
        rating(),
        int("review_count"),
        int("click_count"),
        int("view_count"),
        select("type", ["coupon", "deal"], { required: true }),
        text("coupon_code", { max: 100 }),
        text("cta_label"),
        url("cta_url"),
        bool("cta_trigger"),
        editor("tnc"),
        image("thumbnail"),
        bool("is_featured"),
        one("badge", "_zdata_badges"),
        many("badges", "_zdata_badges"),
        text("headline"),
        editor("description"),
        many("categories", "_zdata_categories"),
        one("store", "_zdata_stores", { required: true }),
      ],
      ["CREATE INDEX idx_zdata_offers_store ON _zdata_offers (store)", "CREATE INDEX idx_zdata_offers_type_clicks ON _zdata_offers (type, click_count)"],
    );

    base("_zdata_banners", [text("name"), image("image"), url("url")]);

    // The built-in `users` auth collection exists on fresh 0.40 installs.
    let usersField;
    try {
      usersField = one("user", "users");
    } catch (_) {
      usersField = text("user");
    }
    base("_zdata_authors", [
      text("first_name"),
      text("last_name"),
      image("avatar"),
      editor("about"),
      rating(),
      int("review_count"),
      many("badges", "_zdata_badges"),
      usersField,
      json("social_links"),
    ]);

    const status = () => select("status", ["draft", "published", "archived"]);
    const cardtype = (name) => select(name, ["medium", "small"]);

    base("Products", [
      text("name", { required: true }),
      text("brand"),
      one("primary_category", "_zdata_categories"),
      many("categories", "_zdata_categories"),
      image("featured_image"),
      image("images", 10),
      editor("summary"),
      editor("description"),
      editor("pros"),
      editor("cons"),
      text("tags"),
      text("headline"),
      text("coupon_code", { max: 100 }),
      many("offers", "_zdata_offers"),
      text("cta_label"),
      url("cta_url"),
      bool("cta_trigger"),
      rating(),
      int("review_count"),
      int("view_count"),
      int("click_count"),
      status(),
    ]);

    base(
      "_zdata_articles",
      [
        text("title", { required: true }),
        text("slug"),
        image("featured_image"),
        image("banner_image"),
        editor("summary"),
        text("content", { max: 100000 }),
        one("product", "Products"),
        cardtype("product_cardtype"),
        many("offers", "_zdata_offers"),
        text("tags"),
        many("authors", "_zdata_authors"),
        many("categories", "_zdata_categories"),
        status(),
        date("publish_time"),
        ...meta("meta_keywords"),
        bool("is_featured"),
      ],
      ["CREATE INDEX idx_zdata_articles_publish ON _zdata_articles (publish_time)"],
    );

    base(
      "_zdata_comparisons",
      [
        text("title", { required: true }),
        text("subtitle"),
        image("featured_image"),
        image("banner_image"),
        editor("intro"),
        editor("outro"),
        one("primary_product", "Products"),
        many("primary_product_badges", "_zdata_badges"),
        cardtype("primary_product_cardtype"),
        one("secondery_product", "Products"),
        many("secondery_product_badges", "_zdata_badges"),
        cardtype("secondery_product_cardtype"),
        many("products", "Products"),
        text("cta_label"),
        many("authors", "_zdata_authors"),
        many("categories", "_zdata_categories"),
        text("tags"),
        ...meta("meta_keywords"),
        date("publish_time"),
        bool("is_featured"),
        many("stores", "_zdata_stores"),
      ],
      ["CREATE INDEX idx_zdata_comparisons_publish ON _zdata_comparisons (publish_time)"],
    );

    base(
      "_zdata_advertorials",
      [
        text("title", { required: true }),
        text("subtitle"),
        editor("summary"),
        image("featured_image"),
        image("banner_image"),
        bool("show_overview"),
        many("products", "Products"),
        bool("show_offers"),
        editor("description"),
        editor("conclusion"),
        many("authors", "_zdata_authors"),
        many("categories", "_zdata_categories"),
        text("tags"),
        date("publish_time"),
        ...meta("meta_keywords"),
        bool("is_featured"),
        many("stores", "_zdata_stores"),
      ],
      ["CREATE INDEX idx_zdata_advertorials_publish ON _zdata_advertorials (publish_time)"],
    );

    // Site settings. The system id field is customised so that the record id "9"
    // (the id the product fetches) is accepted; generated ids keep the usual shape.
    base("websites", [
      {
        name: "id",
        type: "text",
        system: true,
        primaryKey: true,
        required: true,
        min: 1,
        max: 15,
        pattern: "^[a-z0-9]+$",
        autogeneratePattern: "[a-z0-9]{15}",
      },
      text("name"),
      url("origin"),
      { name: "support_email", type: "email" },
      text("office_city"),
      text("office_country"),
      text("office_address"),
      json("social_links"),
      text("analytics_measurement_id"),
      text("ping_cid"),
      bool("pings_enabled"),
      many("footer_categories", "_zdata_categories"),
      many("featured_stores", "_zdata_stores"),
    ]);
  },
  (app) => {
    const names = [
      "websites",
      "_zdata_advertorials",
      "_zdata_comparisons",
      "_zdata_articles",
      "Products",
      "_zdata_authors",
      "_zdata_banners",
      "_zdata_offers",
      "_zdata_stores",
      "_zdata_badges",
      "_zdata_categories",
    ];
    for (const name of names) {
      try {
        app.delete(app.findCollectionByNameOrId(name));
      } catch (_) {
        // already gone
      }
    }
  },
);
