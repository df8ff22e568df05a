import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('writes RFC 4180: a header, CRLF lines, quoted commas, quotes and line breaks, empty missing cells', () => {
    expect(
      toCsv(
        ['a', 'b', 'c'],
        [
          ['x, y', 'say "hi"', null],
          ['line\nbreak', 2, true],
        ],
      ),
    ).toBe('a,b,c\r\n"x, y","say ""hi""",\r\n"line\nbreak",2,true\r\n');
  });

  it('defuses every cell a spreadsheet would run as a formula, and only those', () => {
    const starters = ['=1+1', '+33 1 23', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd', '＝1+1'];
    const [header, ...lines] = parse(toCsv(['cell'], [...starters.map((s) => [s]), ['plain'], [-3], [0.5]]), {
      relax_column_count: true,
    }) as string[][];
    expect(header).toEqual(['cell']);
    expect(lines.map(([cell]) => cell)).toEqual([...starters.map((s) => `'${s}`), 'plain', '-3', '0.5']);
  });

  it('defuses a formula that also needs quoting', () => {
    expect(toCsv(['name'], [['=HYPERLINK("http://evil","x")']])).toBe(
      'name\r\n"\'=HYPERLINK(""http://evil"",""x"")"\r\n',
    );
  });
});
