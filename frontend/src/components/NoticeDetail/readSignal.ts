//! "A notice was opened": the header's bell and the home page's list each show what is unread, and
//! either may open a notice; whichever opens one says so here, and both refresh what they show.
type Listener = () => void;

const listeners = new Set<Listener>();

/** Tells every listener that a notice was opened (and may now be read). */
export function noticeOpened() {
  listeners.forEach((l) => l());
}

/** Listens for opened notices; answers the function that stops listening. */
export function onNoticeOpened(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
