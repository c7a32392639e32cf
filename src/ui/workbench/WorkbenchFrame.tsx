/**
 * The workbench frame (§2): a labelled panel from the right over the screen, with a header (title,
 * record name, change asterisk, controls) and a body. Purely presentational: the host element
 * (`<pfm-workbench-host>`) owns the state and passes the actions in.
 */
import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { WORKBENCH_TOOLTIPS } from '../../core/workbench';
import { WorkbenchIcon } from './icons';
import type { WorkbenchIconName } from './icons';

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
  children?: ReactNode;
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
 * inside it calls `onClose`.
 */
export function WorkbenchFrame(props: WorkbenchFrameProps) {
  const { title, recordName, indicator, collapsed, files, children } = props;
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);

  useEffect(() => {
    // The element focused before (looking into shadow roots), to give focus back on close.
    let opener: Element | null = document.activeElement;
    while (opener?.shadowRoot?.activeElement) opener = opener.shadowRoot.activeElement;
    panel.current?.focus();
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
      <div className="workbench-body flex-grow-1 overflow-auto p-3" hidden={collapsed} style={{ overflow: 'auto', minHeight: 0 }}>
        {children}
      </div>
    </section>
  );
}
