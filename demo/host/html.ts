/** Escape text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value)
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** Tagged template that escapes every interpolated value unless it is wrapped with {@link raw}. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): string {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    const text = Array.isArray(value)
      ? value.map((item) => (item instanceof RawHtml ? item.value : escapeHtml(item))).join('')
      : value instanceof RawHtml ? value.value : escapeHtml(value);
    out += text + (strings[index + 1] ?? '');
  });
  return out;
}

/** Trusted markup, inserted by {@link html} as is. */
export class RawHtml {
  constructor(readonly value: string) {}
}

export const raw = (value: string): RawHtml => new RawHtml(value);
