import { type ParsedRecord, parse } from "#csv-parse";
import { type Cursor, FeedError, networkFetch } from "./network-fetch";
import type { RawPromotion } from "./promotion";

/**
 * A CSV file read a page at a time, so no invocation holds the whole file: each page asks
 * for the bytes from where the last one stopped (`Range: bytes=N-`), parses rows with
 * csv-parse until it has a page, and stops reading. The cursor keeps the byte offset of the
 * next row and the header row. A server that ignores Range sends the whole file; the bytes
 * before the offset are then skipped unread.
 */

export const CSV_ROWS_PER_PAGE = 500;

/** A record as the header names its columns. */
export type CsvRecord = Record<string, string>;

/** csv-parse's stream (csv-parse.d.ts), fed strings (its browser build brings its own Buffer), read as it goes. */
function csvParser() {
  return parse({ info: true, relax_column_count: true, skip_empty_lines: true, bom: false });
}

async function* bytesFrom(body: ReadableStream<Uint8Array> | null, skip: number): AsyncGenerator<Uint8Array> {
  if (!body) return;
  let toSkip = skip;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    if (toSkip >= chunk.byteLength) {
      toSkip -= chunk.byteLength;
      continue;
    }
    yield toSkip > 0 ? chunk.subarray(toSkip) : chunk;
    toSkip = 0;
  }
}

type CsvCursor = { offset: number; header: string[] };

export interface CsvPage {
  rows: RawPromotion[];
  /** The header row's column names. */
  header: string[];
  next: Cursor | null;
}

/**
 * One page read from `body`, the file's bytes from `start.offset` on (`skip` bytes of them
 * already read): up to CSV_ROWS_PER_PAGE records, each read by `row`, and the cursor of the
 * next page (null after the last row). Reading stops once the page is full.
 */
export async function readCsvPage(
  body: ReadableStream<Uint8Array> | null,
  start: CsvCursor,
  skip: number,
  what: string,
  row: (record: CsvRecord) => RawPromotion,
): Promise<CsvPage> {
  const parser = csvParser();
  const decoder = new TextDecoder("utf-8", { ignoreBOM: false });
  let header = start.header;
  const rows: RawPromotion[] = [];
  /** Bytes of the file before the next unread row. */
  let consumed = start.offset;
  let full = false;
  const take = (item: ParsedRecord): void => {
    consumed = start.offset + item.info.bytes;
    if (header.length === 0) {
      header = item.record.map((name) => name.replace(/^\uFEFF/, "").trim());
      return;
    }
    const record: CsvRecord = {};
    header.forEach((name, i) => {
      record[name] = item.record[i] ?? "";
    });
    rows.push(row(record));
    if (rows.length >= CSV_ROWS_PER_PAGE) full = true;
  };
  const drain = (): void => {
    for (let item = parser.read(); item !== null && !full; item = parser.read()) take(item);
  };
  const chunks = bytesFrom(body, skip);
  try {
    for await (const chunk of chunks) {
      parser.write(decoder.decode(chunk, { stream: true }));
      drain();
      if (full) break;
    }
    if (!full) {
      const tail = decoder.decode();
      if (tail) parser.write(tail);
      parser.end();
      drain();
    }
  } catch (err) {
    throw new FeedError(`${what}: not a readable CSV file (${err instanceof Error ? err.message.slice(0, 160) : "error"})`, false);
  } finally {
    await chunks.return(undefined);
  }
  if (header.length === 0) throw new FeedError(`${what}: the file has no header row`, false);
  return { rows, header, next: full ? { offset: consumed, header } : null };
}

/** One page of the CSV file at `url`, asked for from the cursor's byte on (readCsvPage). */
export async function csvPage(
  url: string,
  headers: Record<string, string>,
  cursor: Cursor,
  what: string,
  row: (record: CsvRecord) => RawPromotion,
): Promise<CsvPage> {
  const start = "offset" in cursor ? cursor : { offset: 0, header: [] as string[] };
  // 416: the previous page ended with the file's last row.
  const ranged = start.offset > 0;
  const response = await networkFetch(url, { headers: ranged ? { ...headers, Range: `bytes=${start.offset}-` } : headers }, what, ranged ? [416] : []);
  if (response.status === 416) {
    await response.body?.cancel();
    return { rows: [], header: start.header, next: null };
  }
  return readCsvPage(response.body, start, start.offset > 0 && response.status !== 206 ? start.offset : 0, what, row);
}
