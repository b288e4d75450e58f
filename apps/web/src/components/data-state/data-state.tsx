import { Alert, Button } from "@veil/ui";
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { messageForReadError } from "../../api/errors.js";
import { useMessageText } from "../../i18n/use-message.js";
import { useT } from "../../i18n/use-t.js";

/**
 * What a screen reads: the shape of an SWR answer (`useSWR`'s result fits as it is). `data` is the
 * last good answer SWR holds, `error` the last failure; both may be set at once (an earlier answer,
 * then a failed refresh).
 */
export interface RemoteRead<T> {
  data: T | undefined;
  error: unknown;
  isValidating?: boolean;
  mutate: () => Promise<unknown>;
}

/** The four states of a read (docs/product.md §8.4); `empty` is the loaded state's business. */
export type ReadState = "loading" | "failed" | "stale" | "ready";

export function readState(read: Pick<RemoteRead<unknown>, "data" | "error">): ReadState {
  if (read.data === undefined) return read.error === undefined ? "loading" : "failed";
  return read.error === undefined ? "ready" : "stale";
}

export interface DataStateProps<T> {
  read: RemoteRead<T>;
  /** Shown until the first answer or failure (a skeleton, a spinner with a label). */
  loading: ReactNode;
  /** Title of the failure box, naming what could not be loaded ("Could not load your payments"). */
  failedTitle: string;
  /** Wraps the failure box, e.g. to keep what is known without the read (the profile's e-mail). */
  failedFrame?: (failure: ReactNode) => ReactNode;
  /** The loaded data, empty or not: the only place an empty or "inactive" state may be drawn. */
  children: (data: T) => ReactNode;
}

/**
 * One read of a data screen in its four states (docs/product.md §8.4):
 * - **loading**: `loading`, never an empty or inactive state the screen does not know yet;
 * - **failed** (nothing loaded yet): a danger box with `failedTitle`, why in words (server error,
 *   the wait of a 429, no connection) and "Try again";
 * - **ready**: `children(data)`, which draws the empty state itself when the data is empty;
 * - **stale** (an earlier answer is held and the refresh failed): the earlier answer, with a quiet
 *   "could not refresh" note and "Try again" under it.
 * A failure still on screen when the component mounts (another screen of the same data failed
 * earlier) is asked again at once, so moving between screens never shows an old failure as news.
 * When the read recovers (Try again, or SWR asking again by itself) while focus is in the failure
 * box or the stale note, focus goes to a visually hidden "Loaded." before the data instead of
 * falling to <body> with the button that held it.
 */
export function DataState<T>({ read, loading, failedTitle, failedFrame, children }: DataStateProps<T>) {
  const t = useT();
  const messageText = useMessageText();
  const state = readState(read);
  const [retrying, setRetrying] = useState(false);
  const { mutate } = read;
  // Try again lives in the failure box or the stale note, which go away when the read succeeds;
  // the focus it held would fall to <body>. It goes to a short "Loaded." just before the data.
  // Whether focus was in the box is read as the box leaves: React 19 runs a ref's cleanup before it
  // removes the node. A user who Tabbed or clicked away before (even to plain text) is left alone;
  // one who left the window still has Try again as the document's focus and is counted in.
  const focusInBox = useRef(false);
  const boxRef = useCallback((box: HTMLElement | null) => {
    if (!box) return;
    return () => {
      focusInBox.current = box.contains(document.activeElement);
    };
  }, []);
  const previous = useRef(state);
  const [landing, setLanding] = useState(false);
  useLayoutEffect(() => {
    const recovered = previous.current !== "ready" && previous.current !== "loading" && state === "ready";
    previous.current = state;
    if (!recovered || !focusInBox.current) return;
    focusInBox.current = false;
    const focus = document.activeElement;
    if (!focus || focus === document.body || !focus.isConnected) setLanding(true);
  }, [state]);
  /** Focuses the "Loaded." line once, when it mounts; it goes away when focus leaves it. */
  const takeFocus = useCallback((el: HTMLSpanElement | null) => {
    if (!el) return;
    el.addEventListener("blur", () => setLanding(false), { once: true });
    el.focus();
  }, []);

  // Once, on mount: a failure another screen left behind is asked again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the state at mount matters.
  useEffect(() => {
    if (read.error !== undefined) void mutate();
  }, []);

  async function retry() {
    setRetrying(true);
    try {
      await mutate();
    } finally {
      setRetrying(false);
    }
  }
  const busy = retrying || (read.isValidating ?? false);
  const reason = read.error === undefined ? "" : messageText(messageForReadError(read.error));

  // The same two slots as the ready state (landing line, then content), so a `loading` that is the
  // ready content's own component (Devices' form, disabled while the locations load) keeps its state.
  if (state === "loading")
    return (
      <>
        {null}
        {loading}
      </>
    );
  if (state === "failed") {
    const failure = (
      <Alert
        variant="danger"
        live="assertive"
        title={failedTitle}
        data-read-state="failed"
        ref={boxRef}
        action={
          <Button variant="outline" size="sm" loading={busy} onClick={() => void retry()}>
            {t("dataState.retry")}
          </Button>
        }
      >
        {reason}
      </Alert>
    );
    return <>{failedFrame ? failedFrame(failure) : failure}</>;
  }
  const data = read.data as T;
  if (state === "ready")
    return (
      <>
        {landing ? (
          <span ref={takeFocus} tabIndex={-1} className="sr-only">
            {t("dataState.loaded")}
          </span>
        ) : null}
        {children(data)}
      </>
    );
  return (
    <>
      {children(data)}
      <div
        role="status"
        data-read-state="stale"
        ref={boxRef}
        className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-text-muted"
      >
        <p className="min-w-0 break-words">{t("dataState.stale", { reason })}</p>
        <Button variant="ghost" size="sm" loading={busy} onClick={() => void retry()}>
          {t("dataState.retry")}
        </Button>
      </div>
    </>
  );
}
