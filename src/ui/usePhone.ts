/**
 * Whether the screen is phone-sized (Bootstrap's xs: below 576 px), following changes (rotation, a resized window): lists
 * become cards there, so nothing scrolls sideways.
 */
import { useEffect, useState } from 'react';

export const PHONE_QUERY = '(max-width: 575.98px)';

export function usePhone(): boolean {
  const [phone, setPhone] = useState(() => typeof matchMedia === 'function' && matchMedia(PHONE_QUERY).matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return undefined;
    const query = matchMedia(PHONE_QUERY);
    const change = () => setPhone(query.matches);
    change();
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return phone;
}
