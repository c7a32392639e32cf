/**
 * §7 form-data bodies: nested objects become dotted keys (`header.vendorId`), arrays indexed keys
 * (`items[0].amount`); null and undefined are skipped.
 */
export function toFormData(body: object): FormData {
  const form = new FormData();
  appendValue(form, '', body);
  return form;
}

function appendValue(form: FormData, key: string, value: unknown): void {
  if (value === null || value === undefined) return;
  if (value instanceof Blob) {
    // A File keeps its own name; a bare Blob gets the field name so the server sees a file part.
    if (key === '') return;
    form.append(key, value, value instanceof File ? value.name : key);
    return;
  }
  if (value instanceof Date) {
    if (key !== '' && !Number.isNaN(value.getTime())) form.append(key, value.toISOString());
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((item, index) => appendValue(form, `${key}[${index}]`, item));
    return;
  }
  if (typeof value === 'object') {
    for (const [name, child] of Object.entries(value)) {
      appendValue(form, key === '' ? name : `${key}.${name}`, child);
    }
    return;
  }
  if (key === '') return;
  if (typeof value === 'boolean') form.append(key, value ? 'true' : 'false');
  else if (typeof value === 'number' || typeof value === 'string' || typeof value === 'bigint') form.append(key, String(value));
  // Functions and symbols have no form representation: skipped.
}
