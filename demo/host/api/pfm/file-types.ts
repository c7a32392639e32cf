/**
 * The file types the Files calls accept, told from the CONTENT (magic bytes), never from what the
 * client claims: the stored type is the sniffed one, and a file of no allowed type is refused.
 *
 * Allowed: PDF; PNG, JPEG, GIF, WebP images; Office documents (docx, xlsx, pptx: a ZIP with the part
 * folders of its kind; doc, xls: an OLE compound file with the kind's stream); e-mail (.msg: an OLE
 * compound file with Outlook's property streams; .eml: text that starts with mail headers); plain
 * text and CSV (text without control bytes: UTF-8 or a single-byte code page).
 *
 * HTML, XML and SVG are refused whatever they are sent as (an HTML page sent as application/pdf
 * included): text is checked for markup at its start the way browsers sniff it (WHATWG MIME sniffing,
 * "text/html" patterns), so no upload can be served back as a page. Downloads are attachments with
 * nosniff besides (files.ts).
 *
 * Why not the `file-type` package: it reads no text (text/plain, CSV, .eml, HTML are what it can not
 * tell), and doc/xls/msg need a plugin of its; the binary signatures below are the few it would check.
 */

export interface SniffedType {
  /** The stored (and served) Content-Type. */
  mime: string;
  /** What it is, for messages. */
  label: string;
}

export const ALLOWED_FILE_KINDS = 'PDF, PNG, JPEG, GIF or WebP images, Word, Excel or PowerPoint documents (docx, xlsx, pptx, doc, xls), text, CSV, or e-mail (.eml, .msg)';

const startsWith = (data: Buffer, bytes: readonly number[], at = 0): boolean =>
  data.length >= at + bytes.length && bytes.every((b, i) => data[at + i] === b);
const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0));

const extensionOf = (filename: string): string => /\.([A-Za-z0-9]{1,8})$/.exec(filename)?.[1]?.toLowerCase() ?? '';

// --- ZIP (Office Open XML) ------------------------------------------------------------------------

/** The entry names of a ZIP's central directory, or null when it is not a readable ZIP. */
function zipEntryNames(data: Buffer): string[] | null {
  // End of central directory: signature PK\5\6, within the last 22 + 65,535 bytes.
  const from = Math.max(0, data.length - 22 - 0xffff);
  for (let at = data.length - 22; at >= from; at--) {
    if (data.readUInt32LE(at) !== 0x06054b50) continue;
    const count = data.readUInt16LE(at + 10);
    let offset = data.readUInt32LE(at + 16);
    const names: string[] = [];
    for (let i = 0; i < count; i++) {
      if (offset + 46 > data.length || data.readUInt32LE(offset) !== 0x02014b50) return null;
      const nameLength = data.readUInt16LE(offset + 28);
      const extraLength = data.readUInt16LE(offset + 30);
      const commentLength = data.readUInt16LE(offset + 32);
      if (offset + 46 + nameLength > data.length) return null;
      names.push(data.toString('latin1', offset + 46, offset + 46 + nameLength));
      offset += 46 + nameLength + extraLength + commentLength;
    }
    return names;
  }
  return null;
}

function officeOpenXml(data: Buffer): SniffedType | null {
  const names = zipEntryNames(data);
  if (!names || !names.includes('[Content_Types].xml')) return null;
  const has = (folder: string) => names.some((name) => name.startsWith(folder));
  if (has('word/')) return { mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', label: 'Word document' };
  if (has('xl/')) return { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', label: 'Excel workbook' };
  if (has('ppt/')) return { mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', label: 'PowerPoint presentation' };
  return null;
}

// --- OLE compound files (doc, xls, msg) -----------------------------------------------------------

const utf16 = (text: string): Buffer => Buffer.from(text, 'utf16le');

/** The kind of an OLE compound file by the streams its directory names (UTF-16LE entry names). */
function compoundFile(data: Buffer): SniffedType | null {
  if (data.includes(utf16('__properties_version1.0')) || data.includes(utf16('__substg1.0_'))) {
    return { mime: 'application/vnd.ms-outlook', label: 'Outlook message' };
  }
  if (data.includes(utf16('WordDocument'))) return { mime: 'application/msword', label: 'Word document' };
  if (data.includes(utf16('Workbook')) || data.includes(utf16('Book\u0000'))) return { mime: 'application/vnd.ms-excel', label: 'Excel workbook' };
  return null;
}

// --- text -----------------------------------------------------------------------------------------

/** Markup starts browsers take for HTML or XML (WHATWG MIME sniffing), after leading white space. */
const MARKUP = /^<(!doctype html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|svg|\?xml|!--|img|object|embed|meta|link|form|input|math)([\s>/]|$)/i;

/** True for text: no NUL and no control bytes other than tab, line feed, form feed, carriage return (and a final ^Z). */
function isText(data: Buffer): boolean {
  const end = data.length > 0 && data[data.length - 1] === 0x1a ? data.length - 1 : data.length;
  for (let i = 0; i < end; i++) {
    const b = data[i]!;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) return false;
    if (b === 0x7f) return false;
  }
  return true;
}

function looksLikeMarkup(data: Buffer): boolean {
  let head = data.subarray(0, 2048).toString('latin1');
  if (head.startsWith('\xef\xbb\xbf')) head = head.slice(3);
  return MARKUP.test(head.trimStart());
}

/** Mail headers at the start (`From: …`, `Received: …`): an .eml message. */
const MAIL_HEADER = /^(Return-Path|Received|From|To|Subject|Date|Message-ID|MIME-Version|Delivered-To|Reply-To|Sender|X-[A-Za-z0-9-]+):[ \t]/i;

/**
 * The type of `data` from its content, or null when it is of no allowed type. The file name (and the
 * type the client claimed) only choose between kinds the content can not tell apart: text as CSV or
 * plain text.
 */
export function sniffFileType(data: Buffer, filename: string, claimed = ''): SniffedType | null {
  if (startsWith(data, ascii('%PDF-'))) return { mime: 'application/pdf', label: 'PDF' };
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', label: 'PNG image' };
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', label: 'JPEG image' };
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) return { mime: 'image/gif', label: 'GIF image' };
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return { mime: 'image/webp', label: 'WebP image' };
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) return officeOpenXml(data);
  if (startsWith(data, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return compoundFile(data);
  if (data.length === 0 || !isText(data) || looksLikeMarkup(data)) return null;
  const extension = extensionOf(filename);
  const type = claimed.toLowerCase().split(';')[0]!.trim();
  const firstLine = data.subarray(0, 1000).toString('latin1').replace(/^\xef\xbb\xbf/, '');
  if ((extension === 'eml' || type === 'message/rfc822') && MAIL_HEADER.test(firstLine)) return { mime: 'message/rfc822', label: 'e-mail message' };
  if (extension === 'csv' || type === 'text/csv') return { mime: 'text/csv', label: 'CSV' };
  return { mime: 'text/plain', label: 'text' };
}
