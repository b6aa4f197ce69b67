/// <reference path="../pb_data/types.d.ts" />
// Required by content-checks.js (a CommonJS module, not a .pb.js file, so PocketBase does
// not load it as hooks of its own).
//
// The shapes of the fields a comparison table is built from (issue 53): a product's `specs`
// (label → value) and a comparison's `comparison_rows` (the labels its table shows). A
// record holding anything else is refused with a message under the field, among
// content-checks.js's other checks.

/** Longest label and value, in characters, and most entries: a table row's header and cell. */
const SPEC_LABEL_MAX = 40;
const SPEC_VALUE_MAX = 120;
const SPECS_MAX = 20;
const ROWS_MAX = 12;

const MESSAGES = {
  validation_specs:
    `Specs map a label to a value, both text, for example {"Free plan": "Yes, 10 GB", "Money-back days": "30"}: at most ${SPECS_MAX}, ` +
    `labels up to ${SPEC_LABEL_MAX} characters, values up to ${SPEC_VALUE_MAX}.`,
  validation_comparison_rows: `Comparison rows list spec labels, for example ["Free plan", "Platforms"]: at most ${ROWS_MAX}, each once, up to ${SPEC_LABEL_MAX} characters.`,
};

/** A JSON field's value, parsed; null when empty. Throws on text that is not JSON.
 * @param {core.Record} record @param {string} field */
function jsonOf(record, field) {
  const raw = record.getString(field);
  return !raw || raw === "null" ? null : JSON.parse(raw);
}

const label = (text) => typeof text === "string" && text.trim() !== "" && text.length <= SPEC_LABEL_MAX;

/** @param {unknown} specs */
function validSpecs(specs) {
  if (specs === null) return true;
  if (typeof specs !== "object" || Array.isArray(specs)) return false;
  const entries = Object.entries(specs);
  return entries.length <= SPECS_MAX && entries.every(([key, value]) => label(key) && typeof value === "string" && value.length <= SPEC_VALUE_MAX);
}

/** @param {unknown} rows */
function validRows(rows) {
  if (rows === null) return true;
  return Array.isArray(rows) && rows.length <= ROWS_MAX && rows.every(label) && new Set(rows.map((row) => row.trim())).size === rows.length;
}

/** A JSON field's problem, as content-checks.js's checks answer: [field, code] or null. */
function problem(record, field, valid, code) {
  let value;
  try {
    value = jsonOf(record, field);
  } catch {
    return [field, code];
  }
  return valid(value) ? null : [field, code];
}

module.exports = {
  MESSAGES: MESSAGES,
  /** @param {core.Record} record */
  specsProblem: (record) => problem(record, "specs", validSpecs, "validation_specs"),
  /** @param {core.Record} record */
  rowsProblem: (record) => problem(record, "comparison_rows", validRows, "validation_comparison_rows"),
};
