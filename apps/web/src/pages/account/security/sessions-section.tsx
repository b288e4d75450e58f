import { API_ROUTES, type DeviceSession } from "@veil/contracts/constants";
import { Button, Spinner } from "@veil/ui";
import { useRef, useState } from "react";
import { anyReply, api } from "../../../api/client.js";
import { ApiError, messageForError } from "../../../api/errors.js";
import { useSessions } from "../../../api/hooks.js";
import { useAuth } from "../../../auth/auth-provider.js";
import { DataState } from "../../../components/data-state/data-state.js";
import { FormMessage, type FormMessageValue } from "../../../components/form-message.js";
import { useMessageText } from "../../../i18n/use-message.js";
import { useT } from "../../../i18n/use-t.js";
import { ConfirmEndDialog } from "./confirm-dialog.js";
import { deviceLabel } from "./device-label.js";
import { SecurityCard } from "./security-card.js";
import { SessionItem } from "./session-item.js";

type Pending = { kind: "one"; session: DeviceSession } | { kind: "others" };

/**
 * Sessions (docs/product.md §11.5): every device signed in to the account, this one first, with
 * "End session" on the others and "End all other sessions". Both ask first; an ended device is
 * signed out on its next request.
 */
export function SessionsSection() {
  const t = useT();
  const messageText = useMessageText();
  const { user, getClient } = useAuth();
  const sessions = useSessions(user?.id ?? null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<FormMessageValue | null>(null);
  const [notice, setNotice] = useState<FormMessageValue | null>(null);
  const [returnFocus, setReturnFocus] = useState<HTMLElement | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  function ask(next: Pending) {
    setError(null);
    setNotice(null);
    setReturnFocus(null);
    setPending(next);
  }

  async function endSession(pendingNow: Pending) {
    if (pendingNow.kind === "one") {
      try {
        await api(API_ROUTES.endSession, undefined, { params: { id: pendingNow.session.id }, schema: anyReply });
      } catch (err) {
        // Already ended (by another tab, or it expired): the outcome the user asked for.
        if (!(err instanceof ApiError && err.status === 404)) throw err;
      }
      return t("security.sessions.ended");
    }
    const { error: failed } = await (await getClient()).auth.signOut({ scope: "others" });
    if (failed) throw failed;
    return t("security.sessions.endedOthers");
  }

  async function confirm() {
    if (!pending || busy) return;
    setBusy(true);
    setError(null);
    try {
      const done = await endSession(pending);
      await sessions.mutate();
      setNotice({ tone: "success", text: done });
      // The row (or every other row) is gone: focus goes to the list, not to <body>.
      setReturnFocus(listRef.current);
      setPending(null);
    } catch (err) {
      setError({ tone: "error", text: messageText(messageForError(err)) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <SecurityCard title={t("security.sessions.title")} description={t("security.sessions.body")}>
      <DataState
        read={sessions}
        loading={
          <p role="status" className="flex items-center gap-2 text-text-muted">
            <Spinner size="sm" />
            {t("security.sessions.loading")}
          </p>
        }
        failedTitle={t("security.sessions.error")}
      >
        {(list) => {
          const others = list.filter((s) => !s.current).length;
          return (
            <>
              <FormMessage className="mb-2" message={notice} />
              {list.length === 0 ? (
                <p className="text-text-muted">{t("security.sessions.empty")}</p>
              ) : (
                <ul
                  ref={listRef}
                  tabIndex={-1}
                  aria-label={t("security.sessions.listLabel")}
                  className="divide-y divide-border focus:outline-none"
                >
                  {list.map((session) => (
                    <SessionItem key={session.id} session={session} onEnd={(s) => ask({ kind: "one", session: s })} />
                  ))}
                </ul>
              )}
              {others > 0 ? (
                <Button variant="danger" className="mt-4" onClick={() => ask({ kind: "others" })}>
                  {t("security.sessions.endOthers")}
                </Button>
              ) : list.length > 0 ? (
                <p className="mt-2 text-text-muted">{t("security.sessions.onlyThisDevice")}</p>
              ) : null}
            </>
          );
        }}
      </DataState>
      <ConfirmEndDialog
        open={pending !== null}
        title={t(
          pending?.kind === "others" ? "security.sessions.confirmEndOthersTitle" : "security.sessions.confirmEndTitle",
        )}
        body={
          pending?.kind === "one"
            ? t("security.sessions.confirmEndBody", { device: deviceLabel(pending.session, t) })
            : t("security.sessions.confirmEndOthersBody")
        }
        confirmLabel={t(
          pending?.kind === "others" ? "security.sessions.confirmEndOthers" : "security.sessions.confirmEnd",
        )}
        busy={busy}
        error={error}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
        returnFocus={returnFocus}
      />
    </SecurityCard>
  );
}
