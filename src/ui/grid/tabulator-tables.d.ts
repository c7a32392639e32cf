// Minimal typings for the parts of tabulator-tables 6 the grid wrapper and screens use
// (the package ships no types and @types/tabulator-tables is not installed).
declare module 'tabulator-tables' {
  export type SortDirection = 'asc' | 'desc';

  export interface CellComponent {
    getValue(): unknown;
    getOldValue(): unknown;
    getElement(): HTMLElement;
    getRow(): RowComponent;
    getColumn(): ColumnComponent;
    getField(): string;
    getData(): Record<string, unknown>;
    getTable(): Tabulator;
    setValue(value: unknown, mutate?: boolean): void;
    edit(ignoreEditable?: boolean): void;
    cancelEdit(): void;
    isEdited(): boolean;
    navigatePrev(): boolean;
    navigateNext(): boolean;
    navigateLeft(): boolean;
    navigateRight(): boolean;
    navigateUp(): boolean;
    navigateDown(): boolean;
  }

  export interface RowComponent {
    getData(): Record<string, unknown>;
    getElement(): HTMLElement;
    getIndex(): unknown;
    getPosition(active?: boolean): number | false;
    getCell(column: string | ColumnComponent): CellComponent | false;
    getCells(): CellComponent[];
    getNextRow(): RowComponent | false;
    getPrevRow(): RowComponent | false;
    getGroup(): GroupComponent | false;
    getTable(): Tabulator;
    update(data: Record<string, unknown>): Promise<void>;
    select(): void;
    deselect(): void;
  }

  export interface ColumnComponent {
    getField(): string;
    getDefinition(): ColumnDefinition;
    getElement(): HTMLElement;
    getWidth(): number;
    setWidth(width: number | boolean): void;
    isVisible(): boolean;
    show(): void;
    hide(): void;
    toggle(): void;
    getTable(): Tabulator;
  }

  export interface GroupComponent {
    getKey(): unknown;
    getField(): string;
    getRows(): RowComponent[];
    getSubGroups(): GroupComponent[];
    getParentGroup(): GroupComponent | false;
    isVisible(): boolean;
    getElement(): HTMLElement;
  }

  export type FormatterFunction = (
    cell: CellComponent,
    formatterParams: Record<string, unknown>,
    onRendered: (callback: () => void) => void,
  ) => string | number | HTMLElement | null | undefined;

  export type SorterFunction = (
    a: unknown,
    b: unknown,
    aRow: RowComponent,
    bRow: RowComponent,
    column: ColumnComponent,
    dir: SortDirection,
    sorterParams: Record<string, unknown>,
  ) => number;

  export type HeaderFilterFunction = (
    headerValue: unknown,
    rowValue: unknown,
    rowData: Record<string, unknown>,
    filterParams: Record<string, unknown>,
  ) => boolean;

  export interface ColumnDefinition {
    title: string;
    field?: string;
    visible?: boolean;
    width?: number | string;
    minWidth?: number;
    hozAlign?: 'left' | 'center' | 'right';
    headerHozAlign?: 'left' | 'center' | 'right';
    frozen?: boolean;
    formatter?: string | FormatterFunction;
    formatterParams?: Record<string, unknown>;
    sorter?: string | SorterFunction;
    sorterParams?: Record<string, unknown>;
    headerSort?: boolean;
    headerFilter?: string | boolean;
    headerFilterPlaceholder?: string;
    headerFilterFunc?: string | HeaderFilterFunction;
    editor?: string | boolean | ((...args: never[]) => unknown);
    editorParams?: Record<string, unknown>;
    editable?: boolean | ((cell: CellComponent) => boolean);
    bottomCalc?: string | ((values: unknown[], data: Record<string, unknown>[], params: Record<string, unknown>) => unknown);
    bottomCalcFormatter?: string | FormatterFunction;
    bottomCalcFormatterParams?: Record<string, unknown>;
    topCalc?: string | ((values: unknown[], data: Record<string, unknown>[], params: Record<string, unknown>) => unknown);
    topCalcFormatter?: string | FormatterFunction;
    // No cellClick or tooltip: the grid registers neither Tabulator's interaction nor its tooltip module
    // (lazy/tabulator-module.ts), so they would never fire. Listen on the grid's wrapper instead.
    cellClick?: never;
    cssClass?: string;
    tooltip?: never;
    columns?: ColumnDefinition[];
    [option: string]: unknown;
  }

  export interface Options {
    columns?: ColumnDefinition[];
    data?: object[];
    index?: string;
    height?: string | number | false;
    maxHeight?: string | number | false;
    layout?: 'fitData' | 'fitDataFill' | 'fitDataStretch' | 'fitDataTable' | 'fitColumns';
    renderVertical?: 'virtual' | 'basic';
    renderVerticalBuffer?: number | boolean;
    popupContainer?: boolean | string | HTMLElement;
    placeholder?: string | HTMLElement;
    groupBy?: string | string[] | ((data: Record<string, unknown>) => unknown) | false;
    groupStartOpen?: boolean;
    groupClosedShowCalcs?: boolean;
    columnCalcs?: boolean | 'both' | 'table' | 'group';
    initialSort?: { column: string; dir: SortDirection }[];
    keybindings?: Record<string, string | number | (string | number)[] | false> | false;
    editTriggerEvent?: 'click' | 'dblclick' | 'focus';
    editorEmptyValue?: unknown;
    movableColumns?: boolean;
    resizableColumns?: boolean;
    selectableRows?: boolean | number | 'highlight';
    persistence?: boolean | Record<string, unknown>;
    persistenceID?: string;
    persistenceReaderFunc?: (id: string, type: string) => unknown;
    persistenceWriterFunc?: (id: string, type: string, data: unknown) => void;
    [option: string]: unknown;
  }

  export type RowRangeLookup = 'visible' | 'active' | 'selected' | 'all';

  export class Tabulator {
    constructor(element: HTMLElement | string, options?: Options);
    static registerModule(modules: unknown | unknown[]): void;
    static extendModule(name: string, property: string, values: Record<string, unknown>): void;
    readonly element: HTMLElement;
    readonly options: Options;
    readonly modules: Record<string, unknown>;
    on(event: string, callback: (...args: never[]) => void): void;
    off(event: string, callback?: (...args: never[]) => void): void;
    setData(data: object[]): Promise<void>;
    replaceData(data: object[]): Promise<void>;
    updateData(data: object[]): Promise<void>;
    blockRedraw(): void;
    restoreRedraw(): void;
    getData(range?: RowRangeLookup): Record<string, unknown>[];
    getRows(range?: RowRangeLookup): RowComponent[];
    getRow(index: unknown): RowComponent | false;
    getColumns(structured?: boolean): ColumnComponent[];
    getColumn(field: string): ColumnComponent | false;
    getGroups(): GroupComponent[];
    getCalcResults(): Record<string, unknown>;
    getSorters(): { field: string; dir: SortDirection }[];
    setSort(field: string | { column: string; dir: SortDirection }[], dir?: SortDirection): void;
    clearSort(): void;
    setFilter(field: string, type: string, value: unknown): void;
    clearFilter(includeHeaderFilters?: boolean): void;
    setHeaderFilterValue(field: string, value: unknown): void;
    clearHeaderFilter(): void;
    setGroupBy(field: string | string[] | false): void;
    setColumns(columns: ColumnDefinition[]): void;
    setHeight(height: string | number): void;
    download(type: string, filename: string, options?: Record<string, unknown>): void;
    redraw(force?: boolean): void;
    scrollToRow(index: unknown, position?: 'top' | 'center' | 'bottom' | 'nearest', ifVisible?: boolean): Promise<void>;
    destroy(): void;
  }

  export const FormatModule: unknown;
  export const EditModule: unknown;
  export const SortModule: unknown;
  export const FilterModule: unknown;
  export const GroupRowsModule: unknown;
  /** Subclassed in lazy/tabulator-module.ts: the internals it uses (a calc row's cells have row.type 'calc'). */
  export class ColumnCalcsModule {
    constructor(table: unknown);
    protected table: {
      options: { groupBy?: unknown; columnCalcs?: boolean | 'both' | 'table' | 'group' };
      modules: { groupRows: { getRowGroup(row: unknown): unknown } };
    };
    initialize(): void;
    protected subscribe(event: string, callback: (...args: never[]) => unknown): void;
    cellValueChanged(cell: { row: { type?: string }; column: { definition: { topCalc?: unknown; bottomCalc?: unknown } } }): void;
    recalcActiveRows(): void;
    recalcGroup(group: unknown): void;
  }
  export const ResizeColumnsModule: unknown;
  export const MoveColumnsModule: unknown;
  export const PersistenceModule: unknown;
  export const DownloadModule: unknown;
  export const ExportModule: unknown;
  export const KeybindingsModule: unknown;
  export const SelectRowModule: unknown;
  export const InteractionModule: unknown;
  export const AccessorModule: unknown;
  export const MutatorModule: unknown;
  export const ResizeTableModule: unknown;
  export const FrozenColumnsModule: unknown;
  export const PopupModule: unknown;
}
