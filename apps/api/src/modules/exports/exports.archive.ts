/**
 * The ZIP file of an export (docs/decisions/0038), written as the rows are read: data.json (one
 * list per table) and one CSV per play table are compressed page by page (fflate), so no table is
 * ever held whole; only the compressed file grows in memory. Files are stored one after the other:
 * fflate keeps the compressed output of a later file until the earlier ones are finished.
 */
import { csvCell } from '@grove/domain/backoffice';
import { stringify } from 'csv-stringify/sync';
import { strToU8, Zip, ZipDeflate } from 'fflate';

type Row = Record<string, unknown>;

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text);

export class ExportArchive {
  readonly #chunks: Uint8Array[] = [];
  #size = 0;
  #failure: Error | null = null;
  #finished = false;
  readonly #zip: Zip;
  readonly #json: ZipDeflate;
  readonly #csv = new Map<string, { file: ZipDeflate; columns: readonly string[] }>();
  #tables = 0;
  #rowsInTable = 0;

  /** A new archive: data.json first, then `csvFiles` (their header rows written at once). */
  constructor(csvFiles: readonly { fileName: string; columns: readonly string[] }[], mtime: Date) {
    this.#zip = new Zip((error, chunk, final) => {
      if (error) {
        this.#failure = error;
        return;
      }
      this.#chunks.push(chunk);
      this.#size += chunk.length;
      if (final) this.#finished = true;
    });
    this.#json = this.#add('data.json', mtime);
    this.#json.push(bytes('{'));
    for (const { fileName, columns } of csvFiles) {
      const file = this.#add(fileName, mtime);
      this.#csv.set(fileName, { file, columns });
      file.push(bytes(stringify([[...columns]])));
    }
  }

  #add(fileName: string, mtime: Date): ZipDeflate {
    const file = new ZipDeflate(fileName, { level: 6 });
    file.mtime = mtime;
    this.#zip.add(file);
    return file;
  }

  /** Starts the list of table `name` in data.json. */
  beginTable(name: string) {
    this.#json.push(bytes(`${this.#tables > 0 ? ',' : ''}\n  ${JSON.stringify(name)}: [`));
    this.#tables++;
    this.#rowsInTable = 0;
  }

  /** Adds rows to the table begun last: one line each. */
  writeRows(rows: readonly Row[]) {
    if (rows.length === 0) return;
    const lines = rows.map((row, i) => `${this.#rowsInTable + i > 0 ? ',' : ''}\n    ${JSON.stringify(row)}`);
    this.#rowsInTable += rows.length;
    this.#json.push(bytes(lines.join('')));
  }

  endTable() {
    this.#json.push(bytes(this.#rowsInTable > 0 ? '\n  ]' : ']'));
  }

  /** Adds rows to a CSV file, its columns in order (spreadsheet formulas defused by csvCell). */
  writeCsv(fileName: string, rows: readonly Row[]) {
    const csv = this.#csv.get(fileName);
    if (!csv) throw new Error(`exports: no CSV file ${fileName}`);
    if (rows.length === 0) return;
    csv.file.push(bytes(stringify(rows.map((row) => csv.columns.map((column) => csvCell(row[column]))))));
  }

  /** Closes data.json and the CSV files, adds `extra` text files, and answers the whole ZIP. */
  finish(extra: Readonly<Record<string, string>>, mtime: Date): Uint8Array {
    this.#json.push(bytes(this.#tables > 0 ? '\n}\n' : '}\n'), true);
    for (const { file } of this.#csv.values()) file.push(new Uint8Array(0), true);
    for (const [fileName, text] of Object.entries(extra)) this.#add(fileName, mtime).push(strToU8(text), true);
    this.#zip.end();
    if (this.#failure) throw this.#failure;
    if (!this.#finished) throw new Error('exports: the ZIP file did not finish');
    const result = new Uint8Array(this.#size);
    let offset = 0;
    for (const chunk of this.#chunks) {
      result.set(chunk, offset);
      offset += chunk.length;
    }
    return result;
  }
}
