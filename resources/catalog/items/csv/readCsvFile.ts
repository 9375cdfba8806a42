import Papa from 'papaparse';

export interface CsvFile {
  rows: Record<string, string>[];
  /** What the parser could not make sense of, by the line of the file it was on. */
  problems: { line: number; message: string }[];
}

/**
 * A chosen file's rows keyed by its header, every cell a string (the server reads and checks every cell itself). The
 * BOM the export writes is dropped so the first column keeps its name. A row's line is its place after the header.
 */
export async function readCsvFile(file: File): Promise<CsvFile> {
  const text = (await file.text()).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<Record<string, unknown>>(text, { header: true, skipEmptyLines: true, dynamicTyping: false });
  const rows = parsed.data.map((row) =>
    // A row longer than the header gets its extra cells under __parsed_extra (an array): the parser reports it below.
    Object.fromEntries(Object.entries(row).filter((e): e is [string, string] => typeof e[1] === 'string')),
  );
  const problems = parsed.errors.map((e) => ({ line: (e.row ?? -1) + 2, message: e.message }));
  return { rows, problems };
}
