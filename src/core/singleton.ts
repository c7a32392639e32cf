/**
 * One value per page, shared by every copy of the bundle a legacy page may load.
 * Keyed on the global symbol registry so two builds agree on the key.
 */
export function pageSingleton<T>(name: string, create: () => T): T {
  const key = Symbol.for(`bizapps.${name}`);
  const store = globalThis as unknown as Record<symbol, T | undefined>;
  let value = store[key];
  if (value === undefined) {
    value = create();
    store[key] = value;
  }
  return value;
}
