/**
 * What Tabulator's markup lacks for assistive technology (and axe), mended by the grid wrapper:
 * - role=grid may own only rows and row groups, but Tabulator puts its scrolling holder (a focusable
 *   div) between the grid and the body's row group: the holder becomes the body's row group, and the
 *   inner table element presentational;
 * - group headers are row groups without rows: they become rows whose content is one grid cell;
 * - header filters have no label: each is named 'Filter <column title>'.
 * And one visual fault: a footer total (bold) wider than its column's data is widened into view.
 */
import type { ColumnDefinition, GroupComponent, Tabulator } from 'tabulator-tables';

type GroupHeader = (value: unknown, count: number, data: unknown[], group: GroupComponent) => string | HTMLElement;

/** The column with its header filter named 'Filter <title>' (an `aria-label` already given is kept). */
export function labelHeaderFilter(column: ColumnDefinition): ColumnDefinition {
  if (!column.headerFilter) return column;
  const given = column.headerFilterParams;
  if (given !== undefined && (typeof given !== 'object' || given === null)) return column; // a function: the screen's own business
  const params = (given ?? {}) as { elementAttributes?: Record<string, string> };
  if (params.elementAttributes?.['aria-label']) return column;
  const name = column.title || column.field || 'column';
  return { ...column, headerFilterParams: { ...params, elementAttributes: { ...params.elementAttributes, 'aria-label': `Filter ${name}` } } };
}

/** A `groupHeader` option whose group rows are ARIA rows with one cell holding the header's content. */
export function accessibleGroupHeader(groupHeader: GroupHeader): GroupHeader {
  return (value, count, data, group) => {
    group.getElement().setAttribute('role', 'row');
    const content = groupHeader(value, count, data, group);
    // A div, not a span: the theme greys every span of a group row (below 4.5:1); the screen's own spans keep their colours.
    const cell = document.createElement('div');
    cell.className = 'd-inline';
    cell.setAttribute('role', 'gridcell');
    if (typeof content === 'string') cell.innerHTML = content; // the screen's header: escaped by it, as Tabulator expects
    else cell.append(content);
    return cell;
  };
}

/** The holder between role=grid and the rows becomes the body's row group (see the file comment). */
export function mendGridRoles(table: Tabulator): void {
  const holder = table.element.querySelector<HTMLElement>(':scope > .tabulator-tableholder');
  holder?.setAttribute('role', 'rowgroup');
  holder?.querySelector(':scope > .tabulator-table')?.setAttribute('role', 'presentation');
}

/** Widen every column whose footer total does not fit (the total is bold, the data is not). */
export function fitFooterTotals(table: Tabulator): void {
  for (const cell of table.element.querySelectorAll<HTMLElement>('.tabulator-footer .tabulator-calcs-holder .tabulator-cell[tabulator-field]')) {
    const overflow = cell.scrollWidth - cell.clientWidth;
    if (overflow <= 0) continue;
    const column = table.getColumns().find((candidate) => candidate.getField() === cell.getAttribute('tabulator-field'));
    column?.setWidth(column.getWidth() + overflow + 2);
  }
}
