/**
 * Tabulator options shared by every grid screen.
 */
import type { Options } from 'tabulator-tables';

/** Rows Tabulator renders beyond the visible ones, in pixels (keeps rendered rows < 3 × visible). */
export const GRID_RENDER_BUFFER_PX = 80;

/** Default grid height: a fixed height is what makes Tabulator's virtual DOM render only what is seen. */
export const GRID_DEFAULT_HEIGHT = '480px';

/**
 * Options for editable grids (the projection grid and friends), so every screen types the same way:
 * focusing an editable cell opens its editor; Tab / Shift+Tab move to the next / previous editable
 * cell; Enter commits and moves to the same field of the next line; ↑ / ↓ move up and down;
 * Page Up / Page Down move to the same field of the previous / next line; an emptied editor stores null.
 * The custom actions are registered by loadTabulator().
 */
export function editableGridOptions(): Partial<Options> {
  return {
    editTriggerEvent: 'focus',
    editorEmptyValue: null,
    keybindings: {
      navPrev: 'shift + 9',
      navNext: 9,
      navUp: 38,
      navDown: 40,
      scrollPageUp: false,
      scrollPageDown: false,
      gridPrevLineSameField: 33,
      gridNextLineSameField: 34,
      gridCommitAndMoveDown: 13,
    },
  };
}
