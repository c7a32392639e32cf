import { expect } from 'chai';
import { filenameFromContentDisposition } from '../../src/core/api/content-disposition';

describe('core/api filenameFromContentDisposition', () => {
  const cases: Array<[string | null, string | undefined]> = [
    ['attachment; filename="a b.pdf"', 'a b.pdf'],
    ['attachment; filename=report.xlsx', 'report.xlsx'],
    ['attachment;filename=report.xlsx;size=10', 'report.xlsx'],
    ['inline; filename="x.png"', 'x.png'],
    ['ATTACHMENT; FILENAME="Upper.PDF"', 'Upper.PDF'],
    ["attachment; filename*=UTF-8''na%C3%AFve%20file.txt", 'naïve file.txt'],
    ["attachment; filename*=utf-8'en'%E2%82%AC%20rates.pdf", '€ rates.pdf'],
    ["attachment; filename*=ISO-8859-1''caf%E9.txt", 'café.txt'],
    // RFC 6266: filename* wins when both are present, whichever comes first.
    ["attachment; filename=\"fallback.txt\"; filename*=UTF-8''na%C3%AFve%20file.txt", 'naïve file.txt'],
    ["attachment; filename*=UTF-8''na%C3%AFve.txt; filename=\"fallback.txt\"", 'naïve.txt'],
    ['attachment; filename="say \\"hi\\".txt"', 'say "hi".txt'],
    ['attachment; filename="semi;colon.txt"', 'semi;colon.txt'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename=..\\..\\windows\\x.ini', 'x.ini'],
    ["attachment; filename*=UTF-8''..%2F..%2Fsecret.txt", 'secret.txt'],
    // Bad percent-encoding in filename* falls back to the plain filename.
    ["attachment; filename*=UTF-8''bad%E0%A4%A.txt; filename=\"plain.txt\"", 'plain.txt'],
    ["attachment; filename*=UTF-8''bad%ZZ.txt", undefined],
    ["attachment; filename*=no-quotes.txt", undefined],
    ["attachment; filename*=KOI8-R''%F0.txt", undefined],
    [null, undefined],
    ['', undefined],
    ['attachment', undefined],
    ['attachment; filename=', undefined],
    ['attachment; filename=""', undefined],
    ['attachment; filename="..""', undefined],
    ['attachment; filename="../"', undefined],
    ['filename="nosemicolon.txt"', undefined],
    ['attachment; filename="unterminated.txt', undefined],
    ['attachment; filename="unterminated.txt; filename*=UTF-8\'\'ok.txt', 'ok.txt'], // the unterminated one is ignored
    [';;;===', undefined],
    ['attachment; name=foo; x="y"', undefined],
    ['attachment; filename="tab\tname.txt"', 'tabname.txt'],
  ];

  for (const [header, expected] of cases) {
    it(`${JSON.stringify(header)} → ${JSON.stringify(expected)}`, () => {
      expect(filenameFromContentDisposition(header)).to.equal(expected);
    });
  }

  it('never throws on odd input', () => {
    for (const header of ['%', "filename*=''%", 'attachment; filename*=UTF-8\'\'%', '\u0000', 'a'.repeat(10000), '; filename="\\']) {
      expect(() => filenameFromContentDisposition(header)).not.to.throw();
    }
  });
});
