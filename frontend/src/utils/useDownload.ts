//! A download of the screen (an export of what the filters show): one at a time, a toast once the file
//! is saved, and the server's reason — read out of the failed blob — or `failed` when it gives none.
import { useRef, useState } from 'react';
import { blobErrorMessage } from '@/utils/files';
import { showError, showSuccessToast } from '@/utils/requestMessages';

export function useDownload(failed: string) {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  /** Runs `download` unless one is on its way; says `done` when it succeeded. */
  const run = async (download: () => Promise<unknown>, done: string) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await download();
      showSuccessToast(done);
    } catch (e) {
      showError((await blobErrorMessage(e)) ?? failed);
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { busy, run };
}
