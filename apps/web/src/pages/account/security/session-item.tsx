import type { DeviceSession } from "@veil/contracts/constants";
import { Button, StatusBadge } from "@veil/ui";
import { Monitor, Smartphone, Tablet, Tv } from "lucide-react";
import { useId } from "react";
import { useIntl } from "react-intl";
import { useT } from "../../../i18n/use-t.js";
import { deviceLabel } from "./device-label.js";

const ICONS = { desktop: Monitor, mobile: Smartphone, tablet: Tablet, tv: Tv } as const;

/**
 * One row of the sessions list: the device, when it was last active and signed in, a short id, and
 * "End session". Two sessions of the same browser and system ("Chrome 156 on Linux" twice) are told
 * apart by their sign-in time and id, which also describe their "End session" buttons.
 */
export function SessionItem({ session, onEnd }: { session: DeviceSession; onEnd: (session: DeviceSession) => void }) {
  const t = useT();
  const intl = useIntl();
  const titleId = useId();
  const detailsId = useId();
  const label = deviceLabel(session, t);
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" });
  const Icon = ICONS[session.device ?? "desktop"];
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-surface-muted text-text-muted [&_svg]:size-5">
          <Icon aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span id={titleId} className="font-medium text-text break-words">
              {label}
            </span>
            {session.current ? <StatusBadge status="active">{t("security.sessions.thisDevice")}</StatusBadge> : null}
          </p>
          <p className="mt-1 text-text-muted">
            {session.current
              ? t("security.sessions.activeNow")
              : t("security.sessions.lastUsed", { time: when(session.last_used_at) })}
          </p>
          <div id={detailsId} className="text-text-muted">
            <p>{t("security.sessions.signedIn", { time: when(session.created_at) })}</p>
            <p translate="no">{t("security.sessions.shortId", { id: session.id.slice(0, 8) })}</p>
          </div>
        </div>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          // Many rows have this button: its name says which device (and starts with the visible text).
          aria-label={t("security.sessions.endNamed", { device: label })}
          aria-describedby={detailsId}
          onClick={() => onEnd(session)}
        >
          {t("security.sessions.end")}
        </Button>
      )}
    </li>
  );
}
