/**
 * Small inline icons for the workbench controls.
 *
 * No icon font (§9 "font-icon readiness is polled every 1 s"): the product draws every icon as inline
 * SVG paths (here, and the header's few glyphs are text or SVG), so there is no font whose arrival to
 * wait for and nothing to poll: an SVG icon is ready when its element renders, in light and dark
 * (stroke = currentColor), embedded in a legacy page too (no @font-face needed in a shadow root,
 * where fonts declared inside do not load), and it costs a few bytes instead of a font download.
 */
const PATHS = {
  // Collapse rolls the body up (a chevron up); Minimize sends the workbench to the tray (a bar at the bottom).
  collapse: 'M4 10l4-4 4 4',
  expand: 'M4 6l4 4 4-4',
  copyLink: 'M6.5 9.5l3-3M7 4.5l1-1a2.5 2.5 0 013.5 3.5l-1 1M9 11.5l-1 1A2.5 2.5 0 014.5 9l1-1',
  files: 'M4 2h5l3 3v9H4zM9 2v3h3',
  minimize: 'M3 12h10',
  close: 'M4 4l8 8M12 4l-8 8',
  restore: 'M3 6h7v7H3zM6 3h7v7',
  preview: 'M4 2h8v12H4zM6 5h4M6 8h4M6 11h2',
  openWorkbench: 'M9 3h4v4M13 3L7.5 8.5M11 9.5V13H3V5h3.5',
  sidebar: 'M2.5 3h11v10h-11zM9.5 3v10',
  tools: 'M10.5 2.5a3 3 0 00-3 4L3 11a1.4 1.4 0 002 2l4.5-4.5a3 3 0 004-3l-2 2-2-.5-.5-2z',
  add: 'M8 3v10M3 8h10',
  edit: 'M3 13l.8-3L10.5 3.3l2.2 2.2L6 12.2zM9.5 4.3l2.2 2.2',
} as const;

export type WorkbenchIconName = keyof typeof PATHS;

/** A 16 px stroke icon, hidden from assistive technology (the button carries the name). */
export function WorkbenchIcon({ name }: { name: WorkbenchIconName }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
