import { API_ROUTES, reminderStatusSchema } from "@veil/contracts";
import { Button, Card, Spinner } from "@veil/ui";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { api } from "../../api/client.js";
import { ApiError, messageForError, type UserMessage } from "../../api/errors.js";
import { FormMessage } from "../../components/form-message.js";
import { PageHeading } from "../../components/page-heading.js";
import { useMessageText } from "../../i18n/use-message.js";
import { useT } from "../../i18n/use-t.js";
import { PATHS } from "../../navigation/paths.js";
import { announce } from "../../navigation/route-announcer.js";
import { usePageMeta } from "../../seo/use-page-meta.js";

type Step = "checking" | "ask" | "done" | "invalid";

/** The link's token in an API path (the server reads it from the query, docs/product.md §11.3). */

/**
 * Unsubscribe from renewal reminders (docs/product.md §11.3), opened from the mail's signed link.
 * Checks the link, then asks: only the button changes anything (mail scanners open links). A
 * forged, edited or cut link is told plainly; a failed call shows the usual message (§8.1).
 */
export function UnsubscribePage() {
  const t = useT();
  const messageText = useMessageText();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [step, setStep] = useState<Step>(token ? "checking" : "invalid");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<UserMessage | null>(null);
  const card = useRef<HTMLDivElement>(null);
  const stepChangedByUser = useRef(false);
  usePageMeta({ title: t("unsubscribe.meta.title"), noIndex: true });

  useEffect(() => {
    if (!token) return;
    let current = true;
    api(API_ROUTES.reminderStatus, undefined, { query: { token }, schema: reminderStatusSchema })
      .then((status) => current && setStep(status.unsubscribed ? "done" : "ask"))
      .catch((failure: unknown) => {
        if (!current) return;
        if (failure instanceof ApiError && failure.status === 400) return setStep("invalid");
        // The check failed, not the link: the button may still work.
        console.error("Reminder status failed", failure);
        setError(messageForError(failure));
        setStep("ask");
      });
    return () => {
      current = false;
    };
  }, [token]);

  // After the button, the button is gone: focus and announce the new heading instead.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes (the heading's text)
  useEffect(() => {
    if (!stepChangedByUser.current) return;
    stepChangedByUser.current = false;
    const heading = card.current?.querySelector("h1");
    heading?.focus({ preventScroll: true });
    announce(heading?.textContent ?? "");
  }, [step]);

  async function unsubscribe() {
    setBusy(true);
    setError(null);
    try {
      await api(API_ROUTES.reminderUnsubscribe, undefined, { query: { token }, schema: reminderStatusSchema });
      stepChangedByUser.current = true;
      setStep("done");
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) {
        stepChangedByUser.current = true;
        setStep("invalid");
      } else {
        console.error("Unsubscribe failed", failure);
        setError(messageForError(failure));
      }
    } finally {
      setBusy(false);
    }
  }

  const title =
    step === "done"
      ? t("unsubscribe.done.title")
      : step === "invalid"
        ? t("unsubscribe.invalid.title")
        : t("unsubscribe.ask.title");
  return (
    <div className="flex justify-center px-4 py-12 sm:py-16">
      <Card ref={card} className="block w-full max-w-md rounded-2xl p-6 sm:p-8">
        <PageHeading className="text-2xl font-semibold tracking-tight text-text">{title}</PageHeading>
        {step === "checking" ? (
          <p className="mt-4 flex items-center gap-2 text-sm text-text-muted" role="status">
            <Spinner />
            {t("unsubscribe.checking")}
          </p>
        ) : null}
        {step === "ask" ? (
          <>
            <p className="mt-4 text-text-muted">{t("unsubscribe.ask.message")}</p>
            <FormMessage className="mt-4" message={error ? { tone: "error", text: messageText(error) } : null} />
            <div className="mt-6 flex flex-wrap gap-3">
              <Button size="lg" loading={busy} onClick={() => void unsubscribe()}>
                {t("unsubscribe.button")}
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to={PATHS.home}>{t("unsubscribe.keep")}</Link>
              </Button>
            </div>
          </>
        ) : null}
        {step === "done" || step === "invalid" ? (
          <>
            <p className="mt-4 text-text-muted">
              {step === "done" ? t("unsubscribe.done.message") : t("unsubscribe.invalid.message")}
            </p>
            <Button asChild size="lg" className="mt-6">
              <Link to={PATHS.home}>{t("unsubscribe.home")}</Link>
            </Button>
          </>
        ) : null}
      </Card>
    </div>
  );
}
