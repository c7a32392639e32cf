/** Small inline icons for the workbench controls (no icon font: the bundle stays small). */
const PATHS = {
  collapse: 'M3 10h10v2H3z',
  expand: 'M3 3h10v10H3zM5 5v6h6V5z',
  copyLink: 'M6.5 9.5l3-3M7 4.5l1-1a2.5 2.5 0 013.5 3.5l-1 1M9 11.5l-1 1A2.5 2.5 0 014.5 9l1-1',
  files: 'M4 2h5l3 3v9H4zM9 2v3h3',
  minimize: 'M3 12h10',
  close: 'M4 4l8 8M12 4l-8 8',
  restore: 'M3 6h7v7H3zM6 3h7v7',
  preview: 'M4 2h8v12H4zM6 5h4M6 8h4M6 11h2',
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
