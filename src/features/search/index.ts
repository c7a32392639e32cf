/** Search (issue 12): the header's search box and the search service call. Loaded lazily by `<portal-header>`. */
export { SearchBox, type SearchBoxProps } from './SearchBox';
export * from './data';
