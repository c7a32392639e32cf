/**
 * The workbench frame (§2): a labelled panel from the right over the screen, with a header (title,
 * record name, change asterisk, controls) and a body. Purely presentational: the host element
 * (`<pfm-workbench-host>`) owns the state and passes the actions in.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { WORKBENCH_TOOLTIPS } from '../../core/workbench';
import { WorkbenchIcon } from './icons';
import type { WorkbenchIconName } from './icons';
import { adoptPrintStyles } from './print';
import { wrapTab } from './focus';

/** Width of the open panel. */
export const WORKBENCH_WIDTH = 'min(1320px, 100vw)';

export interface WorkbenchFrameProps {
  /** The kind's label, or the unknown kind's name. */
  title: string;
  /** The record it shows, as text (optional). */
  recordName?: string;
  /** The change asterisk, when the record has unacknowledged changes. */
  indicator?: ReactNode;
  collapsed: boolean;
  onToggleCollapsed(): void;
  onCopyLink(): void;
  onMinimize(): void;
  onClose(): void;
  /** The Files control (null when the record cannot hold files). */
  files?: { count: number | null; open: boolean; onToggle(): void } | null;
  /** The Preview control (§2): shows the record's generated document; absent when the record has none. */
  onPreview?: () => void;
  /** Whether the preview is showing (the Preview control is pressed). */
  previewOpen?: boolean;
  /** The Open Sidebar control and the sidebar's content (null: the record has no sidebar). */
  sidebar?: { open: boolean; onToggle(): void; content: ReactNode } | null;
  /** The Tools menu (print, export); null: none. */
  tools?: { onPrint(): void; onExportCsv(): void; onExportExcel(): void } | null;
  children?: ReactNode;
}

/** Width of the open sidebar. */
export const WORKBENCH_SIDEBAR_WIDTH = 'min(380px, 40vw)';

/** Entries of the Tools menu; tests read them. */
export const TOOLS_TEXT = { print: 'Print', exportCsv: 'Export to CSV', exportExcel: 'Export to Excel' } as const;

/**
 * A button with a §2 tooltip (title) and visible text that names it: Add, Edit and the like inside a
 * workbench, where the text says what is added or edited.
 */
export function LabelledControl({ tooltip, icon, onClick, className = 'btn btn-sm border text-primary-emphasis', disabled, pressed, children, ...data }: {
  tooltip: string; icon: WorkbenchIconName; onClick(): void; className?: string; disabled?: boolean; pressed?: boolean; children: ReactNode;
  [data: `data-${string}`]: string | boolean | undefined;
}) {
  return (
    <button type="button" className={`${className} d-inline-flex align-items-center gap-1`} title={tooltip} data-control={tooltip} onClick={onClick}
      disabled={disabled} aria-pressed={pressed} {...data}>
      <WorkbenchIcon name={icon} />
      <span>{children}</span>
    </button>
  );
}

/** The Tools control: a menu button (WAI-ARIA menu pattern) with Print and the exports. */
function ToolsMenu({ tools }: { tools: NonNullable<WorkbenchFrameProps['tools']> }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const menuId = useId();
  const items = () => [...(list.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
  useEffect(() => {
    if (open) items()[0]?.focus();
  }, [open]);
  const close = (focus = true) => {
    setOpen(false);
    if (focus) button.current?.focus();
  };
  const choose = (action: () => void) => {
    close();
    action();
  };
  const onKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = items();
    const index = all.indexOf(event.target as HTMLButtonElement);
    if (event.key === 'Escape') { event.preventDefault(); event.stopPropagation(); close(); }
    else if (event.key === 'ArrowDown') { event.preventDefault(); all[(index + 1) % all.length]?.focus(); }
    else if (event.key === 'ArrowUp') { event.preventDefault(); all[(index - 1 + all.length) % all.length]?.focus(); }
    else if (event.key === 'Home') { event.preventDefault(); all[0]?.focus(); }
    else if (event.key === 'End') { event.preventDefault(); all[all.length - 1]?.focus(); }
    else if (event.key === 'Tab') close(false);
  };
  const entry = (text: string, action: () => void) => (
    <li role="none"><button type="button" role="menuitem" tabIndex={-1} className="dropdown-item" onClick={() => choose(action)}>{text}</button></li>
  );
  return (
    <div className="position-relative" onBlur={(event) => { if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false); }}>
      <button ref={button} type="button" className="btn btn-sm btn-outline-secondary d-inline-flex align-items-center gap-1" title={WORKBENCH_TOOLTIPS.tools}
        aria-label={WORKBENCH_TOOLTIPS.tools} aria-haspopup="menu" aria-expanded={open} aria-controls={open ? menuId : undefined} data-control={WORKBENCH_TOOLTIPS.tools}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => { if (event.key === 'ArrowDown') { event.preventDefault(); setOpen(true); } }}>
        <WorkbenchIcon name="tools" />
      </button>
      {open ? (
        <ul ref={list} id={menuId} role="menu" aria-label={WORKBENCH_TOOLTIPS.tools} className="dropdown-menu dropdown-menu-end show"
          style={{ position: 'absolute', right: 0, top: '100%', left: 'auto' }} onKeyDown={onKey} data-tools-menu>
          {entry(TOOLS_TEXT.print, tools.onPrint)}
          {entry(TOOLS_TEXT.exportCsv, tools.onExportCsv)}
          {entry(TOOLS_TEXT.exportExcel, tools.onExportExcel)}
        </ul>
      ) : null}
    </div>
  );
}

/** A header button whose title and accessible name are the §2 tooltip. */
export function WorkbenchControl({ tooltip, icon, onClick, pressed, children }: {
  tooltip: string; icon: WorkbenchIconName; onClick(): void; pressed?: boolean; children?: ReactNode;
}) {
  return (
    <button type="button" className="btn btn-sm btn-outline-secondary d-inline-flex align-items-center gap-1" title={tooltip} aria-label={tooltip}
      aria-pressed={pressed} onClick={onClick} data-control={tooltip}>
      <WorkbenchIcon name={icon} />
      {children}
    </button>
  );
}

/**
 * The panel. Focus moves into it when it mounts and back to where it was when it unmounts; Escape
 * inside it calls `onClose`; Tab stays inside it (wraps from the last control to the first and back).
 */
export function WorkbenchFrame(props: WorkbenchFrameProps) {
  const { title, recordName, indicator, collapsed, files, sidebar, tools, children } = props;
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    // The element focused before (looking into shadow roots), to give focus back on close.
    let opener: Element | null = document.activeElement;
    while (opener?.shadowRoot?.activeElement) opener = opener.shadowRoot.activeElement;
    panel.current?.focus();
    if (panel.current) adoptPrintStyles(panel.current);
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  return (
    <section
      ref={panel}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      className="workbench-panel d-flex flex-column bg-body text-body border-start"
      data-collapsed={collapsed ? 'true' : 'false'}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.preventDefault();
          props.onClose();
        } else if (panel.current) {
          wrapTab(panel.current, event);
        }
      }}
      style={{
        position: 'fixed', top: 0, right: 0, bottom: collapsed ? 'auto' : 0, width: WORKBENCH_WIDTH, zIndex: 1050,
        boxShadow: '-8px 0 24px rgba(0, 0, 0, 0.25)', outline: 'none',
      }}
    >
      <header className="d-flex flex-wrap align-items-center gap-2 px-3 py-2 border-bottom bg-body-tertiary">
        <h2 id={titleId} className="h5 mb-0 me-auto d-flex align-items-center gap-2" style={{ overflowWrap: "anywhere" }}>
          <span>{title}</span>
          {recordName ? <span className="fw-normal text-body-secondary workbench-record-name">{recordName}</span> : null}
          {indicator}
        </h2>
        <div className="d-flex flex-wrap gap-1" role="toolbar" aria-label={`${title} controls`}>
          {sidebar ? (
            <WorkbenchControl tooltip={WORKBENCH_TOOLTIPS.openSidebar} icon="sidebar" onClick={sidebar.onToggle} pressed={sidebar.open} />
          ) : null}
          {tools ? <ToolsMenu tools={tools} /> : null}
          {files ? (
            <WorkbenchControl tooltip={WORKBENCH_TOOLTIPS.files} icon="files" onClick={files.onToggle} pressed={files.open}>
              <span className="badge text-bg-secondary workbench-file-count">{files.count ?? '…'}</span>
            </WorkbenchControl>
          ) : null}
          {props.onPreview ? (
            <WorkbenchControl tooltip={WORKBENCH_TOOLTIPS.preview} icon="preview" onClick={props.onPreview} pressed={props.previewOpen ?? false} />
          ) : null}
          <WorkbenchControl tooltip={WORKBENCH_TOOLTIPS.copyLink} icon="copyLink" onClick={props.onCopyLink} />
          {collapsed
            ? <WorkbenchControl tooltip={WORKBENCH_TOOLTIPS.expand} icon="expand" onClick={props.onToggleCollapsed} />
            : <WorkbenchControl tooltip={WORKBENCH_TOOLTIPS.collapse} icon="collapse" onClick={props.onToggleCollapsed} />}
          <WorkbenchControl tooltip={WORKBENCH_TOOLTIPS.minimizeWorkbench} icon="minimize" onClick={props.onMinimize} />
          <WorkbenchControl tooltip={WORKBENCH_TOOLTIPS.closeWorkbench} icon="close" onClick={props.onClose} />
        </div>
      </header>
      <div className="workbench-main" style={{ display: collapsed ? 'none' : 'flex', flex: '1 1 auto', minHeight: 0 }}>
        <div className="workbench-body flex-grow-1 overflow-auto p-3" hidden={collapsed} style={{ overflow: 'auto', minHeight: 0, minWidth: 0 }}>
          {children}
        </div>
        {sidebar?.open && !collapsed ? (
          <aside className="workbench-sidebar border-start bg-body-tertiary p-3" aria-label={`${title} details and history`}
            style={{ width: WORKBENCH_SIDEBAR_WIDTH, flex: '0 0 auto', overflow: 'auto' }} data-sidebar>
            {sidebar.content}
          </aside>
        ) : null}
      </div>
    </section>
  );
}
