/**
 * CSV downloads, streamed: csv-stringify writes the header and each batch of rows as they are read,
 * with the spreadsheet-formula guard of the domain (csvCell) on every cell.
 */
import { pipeline, Readable } from 'node:stream';
import { csvCell } from '@grove/domain/backoffice';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

export function sendCsv(
  reply: FastifyReply,
  filename: string,
  columns: readonly string[],
  batches: AsyncIterable<Record<string, unknown>[]>,
) {
  async function* rows() {
    for await (const batch of batches) {
      for (const row of batch) yield columns.map((column) => csvCell(row[column]));
    }
  }
  const csv = stringify({ header: true, columns: [...columns] });
  // A failure half-way (the database went away) ends the download; the log says why.
  pipeline(Readable.from(rows()), csv, (error) => {
    if (error) reply.log.error({ err: error }, 'csv export failed');
  });
  return reply
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .type('text/csv; charset=utf-8')
    .send(csv);
}
