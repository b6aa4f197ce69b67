/**
 * The part of csv-parse's browser build (`csv-parse/browser/esm`) the feeds use, as
 * `#csv-parse` (package.json "imports"): TypeScript reads these declarations, the bundlers
 * the package itself. csv-parse's own declarations describe its Node build: they reference
 * Node's types (`/// <reference types="node" />`, `stream.Transform`), which would put
 * Node's globals (its timers among them) into the Worker's typecheck. The browser build
 * runs on its own bundled stream and Buffer, which is what is declared here.
 */

export interface ParseOptions {
  /** Each record comes with its `info` (`{ record, info }`). */
  info: true;
  relax_column_count?: boolean;
  skip_empty_lines?: boolean;
  bom?: boolean;
}

export interface ParsedRecord {
  record: string[];
  info: {
    /** Bytes of the input read up to the end of this record (its line break included). */
    readonly bytes: number;
    readonly lines: number;
    readonly records: number;
  };
}

/** A push parser: text in with `write`, records out with `read` (null when none is ready). */
export interface Parser {
  write(chunk: string): boolean;
  read(): ParsedRecord | null;
  end(): void;
}

export function parse(options: ParseOptions): Parser;
