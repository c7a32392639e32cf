/**
 * The profile avatar (§1, §9): the photo (initials when it fails), and a popover that opens after
 * 500 ms of hover and closes 300 ms after the pointer leaves (hovering the popover keeps it open),
 * 300 px wide, with the preferred name, job title, email, a chat link and 'Sign out'. Focus + Enter
 * (a click) toggles it for keyboard users; Escape closes it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { AVATAR_POPOVER_CLOSE_MS, AVATAR_POPOVER_OPEN_MS, AVATAR_POPOVER_WIDTH } from '../../core/format/constants';
import type { CurrentUser } from './data';
import { loadProfilePhoto } from './data';

/** The Teams chat deep link for an email address. */
export function chatHref(email: string): string {
  return `https://teams.microsoft.com/l/chat/0/0?users=${encodeURIComponent(email)}`;
}

/** The photo as an object URL (revoked on unmount or user change), or null while loading / on failure. */
function useProfilePhoto(user: CurrentUser): string | null {
  const [photo, setPhoto] = useState<{ user: CurrentUser; url: string } | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    if (!user.email) return undefined;
    loadProfilePhoto(user).then(
      (blob) => {
        if (cancelled || blob.size === 0) return;
        objectUrl = URL.createObjectURL(blob);
        setPhoto({ user, url: objectUrl });
      },
      () => undefined, // initials stay
    );
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [user]);
  // A photo loaded for an earlier user is not shown (and is already revoked).
  return photo?.user === user ? photo.url : null;
}

export function Avatar({ user, onSignOut }: { user: CurrentUser; onSignOut: () => void }) {
  const photo = useProfilePhoto(user);
  const [failedPhoto, setFailedPhoto] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const popoverId = useId();

  useEffect(() => () => clearTimer(), []);

  function clearTimer() {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }
  const later = (ms: number, next: boolean) => {
    clearTimer();
    timer.current = setTimeout(() => {
      timer.current = null;
      setOpen(next);
    }, ms);
  };

  const showPhoto = photo !== null && photo !== failedPhoto;
  return (
    <div
      className="portal-avatar position-relative"
      onMouseEnter={() => (open ? clearTimer() : later(AVATAR_POPOVER_OPEN_MS, true))}
      onMouseLeave={() => (open ? later(AVATAR_POPOVER_CLOSE_MS, false) : clearTimer())}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          clearTimer();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="btn p-0 border-0 rounded-circle portal-avatar-button"
        aria-label={`Profile: ${user.preferredName}`}
        aria-expanded={open}
        aria-controls={popoverId}
        onClick={() => {
          clearTimer();
          setOpen(!open);
        }}
      >
        {showPhoto ? (
          <img src={photo} alt="" width={32} height={32} className="rounded-circle d-block" onError={() => setFailedPhoto(photo)} />
        ) : (
          <span className="portal-avatar-initials rounded-circle" aria-hidden="true">{user.initials}</span>
        )}
      </button>
      <div
        id={popoverId}
        role="dialog"
        aria-label="Profile"
        className="portal-avatar-popover card shadow"
        style={{ width: AVATAR_POPOVER_WIDTH }}
        hidden={!open}
      >
        <div className="card-body">
          <p className="fw-semibold mb-0" data-field="preferredName">{user.preferredName}</p>
          <p className="small text-body-secondary mb-1" data-field="jobTitle">{user.jobTitle}</p>
          <p className="small mb-3 text-break" data-field="email">{user.email}</p>
          <div className="d-flex gap-2">
            {user.email ? (
              <a className="btn btn-sm btn-outline-primary" href={chatHref(user.email)} target="_blank" rel="noopener noreferrer external">
                Chat<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            ) : null}
            <button type="button" className="btn btn-sm btn-outline-secondary ms-auto" onClick={onSignOut}>Sign out</button>
          </div>
        </div>
      </div>
    </div>
  );
}
