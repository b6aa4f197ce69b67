/// <reference path="../pb_data/types.d.ts" />
// The search's vocabulary (issue 51: "vpnn" found nothing): every word of the published
// content's titles and short texts, kept by SQLite itself, so the Worker can turn a word
// nobody wrote into the words within one edit of it (src/lib/search-typos.ts).
//
// - `dp_search_index`: an FTS5 index of those texts (unicode61, accents folded as the
//   search folds them), contentless: it keeps the words, not a copy of the texts.
// - Triggers keep it in step with the content: a record is indexed while it is published
//   (categories always), under its own rowid times 8 plus its collection's number, and
//   dropped when it changes or goes. `UPDATE OF` the indexed columns only: the counters
//   raised on every click (`click_count = click_count + 1`) never touch the index.
// - `dp_search_terms` (fts5vocab): the distinct words, and how many records hold each.
// - `_zsec_search_terms`: that list as a public view collection (`id` the word, `chars` its
//   length, `records` how many hold it), read like any other content through the edge
//   cache; one-edit patterns need the length: `~` on a word of that length is an exact match.
//
// A later migration that drops or renames an indexed column drops and makes these triggers
// again (SQLite refuses to drop a column a trigger names).

/** Each indexed collection: its number in the rowid, its indexed columns, whether it has a status. */
const SOURCES = [
  { table: "_zdata_stores", slot: 0, columns: ["title", "subheading"], status: true },
  { table: "_zdata_offers", slot: 1, columns: ["heading", "subheading"], status: true },
  { table: "_zdata_comparisons", slot: 2, columns: ["title", "subtitle", "tags"], status: true },
  { table: "_zdata_advertorials", slot: 3, columns: ["title", "subtitle", "tags"], status: true },
  { table: "_zdata_articles", slot: 4, columns: ["title", "tags"], status: true },
  { table: "Products", slot: 5, columns: ["name", "brand", "headline", "tags"], status: true },
  { table: "_zdata_categories", slot: 6, columns: ["title"], status: false },
];

/** Room for the collections' numbers in a rowid (SOURCES' slots are below it). */
const SLOTS = 8;

const text = (row, columns) => columns.map((column) => `coalesce(${row}."${column}", '')`).join(" || ' ' || ");
const rowid = (row, slot) => `${row}.rowid * ${SLOTS} + ${slot}`;
const published = (row, status) => (status ? `${row}.status = 'published'` : "1");

function triggers({ table, slot, columns, status }) {
  const name = `dp_search_${table.toLowerCase()}`;
  const watched = [...columns, ...(status ? ["status"] : [])].map((column) => `"${column}"`).join(", ");
  return [
    `CREATE TRIGGER ${name}_insert AFTER INSERT ON "${table}" WHEN ${published("new", status)} BEGIN
       INSERT INTO dp_search_index (rowid, body) VALUES (${rowid("new", slot)}, ${text("new", columns)});
     END`,
    `CREATE TRIGGER ${name}_update AFTER UPDATE OF ${watched} ON "${table}" BEGIN
       DELETE FROM dp_search_index WHERE rowid = ${rowid("old", slot)};
       INSERT INTO dp_search_index (rowid, body) SELECT ${rowid("new", slot)}, ${text("new", columns)} WHERE ${published("new", status)};
     END`,
    `CREATE TRIGGER ${name}_delete AFTER DELETE ON "${table}" BEGIN
       DELETE FROM dp_search_index WHERE rowid = ${rowid("old", slot)};
     END`,
  ];
}

migrate(
  (app) => {
    const run = (sql) => app.db().newQuery(sql).execute();
    run("CREATE VIRTUAL TABLE dp_search_index USING fts5(body, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2')");
    run("CREATE VIRTUAL TABLE dp_search_terms USING fts5vocab(dp_search_index, 'row')");
    for (const source of SOURCES) {
      for (const sql of triggers(source)) run(sql);
      run(
        `INSERT INTO dp_search_index (rowid, body) SELECT ${rowid("r", source.slot)}, ${text("r", source.columns)} FROM "${source.table}" r WHERE ${published("r", source.status)}`,
      );
    }
    app.save(
      new Collection({
        type: "view",
        name: "_zsec_search_terms",
        listRule: "",
        viewRule: "",
        viewQuery: "SELECT term AS id, length(term) AS chars, doc AS records FROM dp_search_terms",
      }),
    );
  },
  (app) => {
    app.delete(app.findCollectionByNameOrId("_zsec_search_terms"));
    const run = (sql) => app.db().newQuery(sql).execute();
    for (const { table } of SOURCES)
      for (const event of ["insert", "update", "delete"]) run(`DROP TRIGGER IF EXISTS dp_search_${table.toLowerCase()}_${event}`);
    run("DROP TABLE IF EXISTS dp_search_terms");
    run("DROP TABLE IF EXISTS dp_search_index");
  },
);
