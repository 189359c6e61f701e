import { VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import { setAnnouncer } from '../lib/notify';

/** How long a message stays in the region (it is emptied after, so the same text can be said again). */
const CLEAR_AFTER_MS = 5_000;

/**
 * The console's polite live region (role status), present from the start so that screen readers
 * hear what `announce()` writes into it.
 */
export function LiveAnnouncer() {
  const [message, setMessage] = useState('');

  useEffect(() => {
    let timer: number | undefined;
    setAnnouncer((next) => {
      window.clearTimeout(timer);
      // Emptied first: the same message twice in a row is still a change the reader announces.
      setMessage('');
      window.requestAnimationFrame(() => setMessage(next));
      timer = window.setTimeout(() => setMessage(''), CLEAR_AFTER_MS);
    });
    return () => {
      window.clearTimeout(timer);
      setAnnouncer(null);
    };
  }, []);

  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="live-announcer">
      {message}
    </VisuallyHidden>
  );
}
