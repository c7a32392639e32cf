/**
 * The text a pdf-lib document draws, page by page: each page's content streams inflated and their hex strings
 * (`<…> Tj`, one per drawText call) decoded, in drawing order. Enough for the documents the host makes with
 * pdf-lib's standard fonts; not a general PDF text extractor.
 */
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFObject } from 'pdf-lib';

/** The drawn strings of each page, in order, and the page count. */
export async function pdfPagesText(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const parts: Array<PDFObject | undefined> = contents instanceof PDFArray
      ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    const texts: string[] = [];
    for (const part of parts) {
      if (!(part instanceof PDFRawStream)) continue;
      const flate = part.dict.get(PDFName.of('Filter')) === PDFName.of('FlateDecode');
      const content = Buffer.from(flate ? inflateSync(part.contents) : part.contents).toString('latin1');
      for (const [, hex] of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) texts.push(Buffer.from(hex!, 'hex').toString('latin1'));
    }
    return texts;
  });
}
