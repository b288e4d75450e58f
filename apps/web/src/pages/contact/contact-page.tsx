import { zodResolver } from "@hookform/resolvers/zod";
import { API_ROUTES, CONTACT_LIMITS, SUPPORT_REPLY_HOURS } from "@veil/contracts";
import { Card, EmailField, TextAreaField, TextField } from "@veil/ui";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { api } from "../../api/client.js";
import { FormMessage } from "../../components/form-message.js";
import { PageHeading } from "../../components/page-heading.js";
import { SubmitButton } from "../../components/submit-button.js";
import { SupportEmailLink } from "../../components/support-email-link.js";
import { type ContactForm, contactSchema } from "../../forms/schemas.js";
import { useRichT } from "../../i18n/use-rich-t.js";
import { useT } from "../../i18n/use-t.js";
import { PATHS } from "../../navigation/paths.js";
import { usePageMeta } from "../../seo/use-page-meta.js";

type Status = "idle" | "sending" | "success" | "error" | "failed";

const replySchema = z.object({ status: z.string() });

/** Contact form (docs/product.md §2.11, §4.7, §8.3): idle → sending → success (fields cleared) or an error message. */
export function ContactPage() {
  const t = useT();
  const rich = useRichT();
  const [status, setStatus] = useState<Status>("idle");
  usePageMeta({
    title: t("contact.meta.title"),
    description: t("contact.meta.description", { hours: SUPPORT_REPLY_HOURS }),
    canonicalPath: PATHS.contact,
  });
  const { register, handleSubmit, reset } = useForm<ContactForm>({
    resolver: zodResolver(contactSchema),
    defaultValues: { name: "", email: "", message: "" },
  });

  async function send(values: ContactForm) {
    setStatus("sending");
    try {
      const reply = await api(API_ROUTES.contact, values, { schema: replySchema });
      if (reply.status === "success") {
        reset();
        setStatus("success");
      } else {
        setStatus("error");
      }
    } catch (error) {
      console.error("Contact message failed", error);
      setStatus("failed");
    }
  }

  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6 md:py-16">
      <PageHeading className="text-3xl font-bold tracking-tight text-text sm:text-4xl">
        {t("contact.title")}
      </PageHeading>
      <p className="mt-4 text-lg text-text-muted">
        {rich("contact.subtitle", { email: <SupportEmailLink />, hours: SUPPORT_REPLY_HOURS })}
      </p>
      <Card asChild className="mt-10 rounded-2xl p-6 sm:p-8">
        <form noValidate onSubmit={handleSubmit(send)}>
          <TextField
            label={t("contact.name")}
            autoComplete="name"
            maxLength={CONTACT_LIMITS.name}
            {...register("name")}
          />
          <EmailField label={t("contact.email")} {...register("email")} />
          <TextAreaField
            label={t("contact.message")}
            rows={6}
            maxLength={CONTACT_LIMITS.message}
            className="min-h-36"
            {...register("message")}
          />
          <FormMessage
            message={
              status === "success"
                ? { tone: "success", text: t("contact.success") }
                : status === "error"
                  ? { tone: "error", text: t("contact.error") }
                  : status === "failed"
                    ? { tone: "error", text: t("contact.errorSend") }
                    : null
            }
          />
          <SubmitButton loading={status === "sending"} className="self-start">
            {status === "sending" ? t("contact.sending") : t("contact.send")}
          </SubmitButton>
        </form>
      </Card>
    </div>
  );
}
