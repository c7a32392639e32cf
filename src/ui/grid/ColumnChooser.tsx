/**
 * A "Columns" button with a checkbox menu that shows and hides a grid's columns. Changes are
 * remembered with the grid's layout (Tabulator's persistence saves on every show/hide).
 */
import { useEffect, useId, useReducer, useRef, useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import type { ColumnComponent, Tabulator } from 'tabulator-tables';

export interface ColumnChooserProps {
  /** The grid's table (from `<Grid onTable>`); the button is disabled until it is there. */
  table: Tabulator | null;
  /** Button text; default 'Columns'. */
  label?: string;
  className?: string;
}

const choosable = (table: Tabulator): ColumnComponent[] =>
  table.getColumns().filter((column) => Boolean(column.getField()) && Boolean(column.getDefinition().title));

/** Show/hide columns of `table`; keyboard: Enter/Space opens, Tab moves, Space toggles, Escape closes. */
export function ColumnChooser({ table, label = 'Columns', className }: ColumnChooserProps) {
  const [open, setOpen] = useState(false);
  const [, refresh] = useReducer((count: number) => count + 1, 0);
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!table) return undefined;
    const onChange = () => refresh();
    table.on('columnVisibilityChanged', onChange);
    table.on('columnMoved', onChange);
    return () => {
      table.off('columnVisibilityChanged', onChange);
      table.off('columnMoved', onChange);
    };
  }, [table]);

  // Opening moves focus to the first checkbox; clicking elsewhere closes.
  useEffect(() => {
    if (!open) return undefined;
    menu.current?.querySelector<HTMLInputElement>('input')?.focus();
    const root = menu.current?.getRootNode() as Document | ShadowRoot | undefined;
    const onPointer = (event: Event) => {
      const path = event.composedPath();
      if (menu.current && button.current && !path.includes(menu.current) && !path.includes(button.current)) setOpen(false);
    };
    root?.addEventListener('pointerdown', onPointer);
    return () => root?.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const onMenuKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      button.current?.focus();
    }
  };

  const columns = table ? choosable(table) : [];
  const visibleCount = columns.filter((column) => column.isVisible()).length;

  return (
    <div className={`dropdown d-inline-block${className ? ` ${className}` : ''}`}>
      <button
        ref={button}
        type="button"
        className="btn btn-outline-secondary btn-sm dropdown-toggle"
        aria-expanded={open}
        aria-controls={menuId}
        aria-haspopup="true"
        disabled={!table}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
      </button>
      {open && (
        <div ref={menu} id={menuId} className="dropdown-menu show p-2" role="group" aria-label={label} onKeyDown={onMenuKeyDown}>
          {columns.map((column) => {
            const field = column.getField();
            const visible = column.isVisible();
            const id = `${menuId}-${field}`;
            return (
              <div className="form-check text-nowrap" key={field}>
                <input
                  id={id}
                  className="form-check-input"
                  type="checkbox"
                  checked={visible}
                  // The last visible column stays: a grid with no columns cannot be read or restored.
                  disabled={visible && visibleCount === 1}
                  onChange={() => {
                    if (visible) column.hide();
                    else column.show();
                    refresh();
                  }}
                />
                <label className="form-check-label" htmlFor={id}>{String(column.getDefinition().title)}</label>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
