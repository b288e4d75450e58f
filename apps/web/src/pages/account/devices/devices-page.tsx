import { API_ROUTES, type Device, type Server } from "@veil/contracts/constants";
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  ConfigCard,
  DeviceList,
  DeviceListItem,
  EmptyState,
  TextField,
} from "@veil/ui";
import { KeyRound, Laptop, PencilLine, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useIntl } from "react-intl";
import { Link } from "react-router-dom";
import { anyReply, api } from "../../../api/client.js";
import { ApiError } from "../../../api/errors.js";
import { useDevices, useServers } from "../../../api/hooks.js";
import { useAuth } from "../../../auth/auth-provider.js";
import { DataState } from "../../../components/data-state/data-state.js";
import { FormMessage, type FormMessageValue } from "../../../components/form-message.js";
import { PageHeading } from "../../../components/page-heading.js";
import { generateKeyPair } from "../../../devices/keys.js";
import { configFileName } from "../../../devices/wireguard-config.js";
import { useMessageText } from "../../../i18n/use-message.js";
import { useT } from "../../../i18n/use-t.js";
import { PATHS } from "../../../navigation/paths.js";
import { usePageMeta } from "../../../seo/use-page-meta.js";
import { AddDeviceForm, type IssuedConfig, issue } from "./add-device-form.js";
import { DeviceDialog } from "./device-dialog.js";
import { deviceErrorMessage } from "./device-errors.js";
import { serverLabel } from "./server-label.js";

/**
 * The longest device name (the contract's DEVICE_NAME_MAX, which lives with the zod schemas this
 * chunk does not load; devices-page.test.tsx checks they agree).
 */
export const DEVICE_NAME_MAX = 64;

type Pending = { kind: "rename" | "rekey" | "remove"; device: Device };

/**
 * Devices (docs/product.md, "Devices"): the account's VPN devices with rename, new key and remove,
 * and "Add a device". Keys are made in this browser and only public keys are sent; a config is
 * assembled here and shown once (ConfigCard). Without an active subscription the list still shows
 * and removal works, but nothing issues a config: the page says why and links to the plans.
 */
export function DevicesPage() {
  const t = useT();
  const intl = useIntl();
  const messageText = useMessageText();
  usePageMeta({ title: t("account.meta.title", { section: t("devices.title") }), noIndex: true });
  const { user } = useAuth();
  const devices = useDevices(user?.id ?? null);
  const servers = useServers();
  const [issued, setIssued] = useState<IssuedConfig | null>(null);
  const [notice, setNotice] = useState<FormMessageValue | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [newName, setNewName] = useState("");
  const [nameError, setNameError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<FormMessageValue | null>(null);
  const [returnFocus, setReturnFocus] = useState<HTMLElement | null>(null);
  const configRef = useRef<HTMLElement>(null);
  const listHeadingRef = useRef<HTMLHeadingElement>(null);

  // A new config takes focus, so keyboard and screen-reader users land on what they must save.
  useEffect(() => {
    if (issued) configRef.current?.focus();
  }, [issued]);

  const data = devices.data;
  const active = data?.access.active ?? false;
  const full = data ? data.devices.length >= data.limit : false;
  const serverById = new Map((servers.data ?? []).map((server) => [server.id, server]));
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: "medium", timeStyle: "short" });

  function ask(kind: Pending["kind"], device: Device) {
    setNotice(null);
    setDialogError(null);
    setNameError(undefined);
    setReturnFocus(null);
    setNewName(device.name);
    setPending({ kind, device });
  }

  /** Runs the pending action; returns what to announce. */
  async function run(action: Pending): Promise<string | null> {
    const { device } = action;
    if (action.kind === "rename") {
      const name = newName.trim();
      if (!name || name.length > DEVICE_NAME_MAX) {
        setNameError(name ? t("devices.rename.tooLong", { max: DEVICE_NAME_MAX }) : t("devices.rename.empty"));
        return null;
      }
      const reply = await api(API_ROUTES.updateDevice, { name }, { params: { id: device.id } });
      return t("devices.rename.done", { name: reply.device.name });
    }
    if (action.kind === "rekey") {
      const pair = await generateKeyPair();
      const reply = await api(API_ROUTES.updateDevice, { publicKey: pair.publicKey }, { params: { id: device.id } });
      if (reply.config) setIssued(issue(reply.device, reply.config, pair.privateKey));
      return t("devices.rekey.done", { name: reply.device.name });
    }
    try {
      await api(API_ROUTES.deleteDevice, undefined, { params: { id: device.id }, schema: anyReply });
    } catch (err) {
      // Already gone (another tab): the outcome the user asked for.
      if (!(err instanceof ApiError && err.status === 404)) throw err;
    }
    if (issued?.device.id === device.id) setIssued(null);
    return t("devices.remove.done", { name: device.name });
  }

  async function confirm() {
    if (!pending || busy) return;
    setBusy(true);
    setDialogError(null);
    try {
      const done = await run(pending);
      if (done === null) return;
      await devices.mutate();
      setNotice({ tone: "success", text: done });
      setReturnFocus(pending.kind === "rekey" ? configRef.current : listHeadingRef.current);
      setPending(null);
    } catch (err) {
      setDialogError({ tone: "error", text: messageText(deviceErrorMessage(err)) });
      void devices.mutate();
    } finally {
      setBusy(false);
    }
  }

  /** Add a device, with the locations once loaded (`undefined` while they load: the form is disabled). */
  function addForm(list: Server[] | undefined) {
    return (
      <AddDeviceForm
        servers={list}
        onAdded={(next, device) => {
          setNotice({ tone: "success", text: t("devices.add.added", { name: device.name }) });
          setIssued(next);
          void devices.mutate();
        }}
        onRefused={() => void devices.mutate()}
      />
    );
  }

  function renderDevice(device: Device) {
    const server = device.serverId ? serverById.get(device.serverId) : undefined;
    return (
      <DeviceListItem
        key={device.id}
        icon={<Laptop />}
        name={device.name}
        details={[
          { term: t("devices.addresses"), value: `${device.ipv4}, ${device.ipv6}` },
          ...(server ? [{ term: t("devices.location"), value: serverLabel(server, t, intl.locale) }] : []),
          { term: t("devices.added"), value: when(device.createdAt) },
          {
            term: t("devices.lastConnected"),
            value: device.lastHandshakeAt ? when(device.lastHandshakeAt) : t("devices.neverConnected"),
          },
        ]}
        actions={
          <>
            <Button
              variant="outline"
              size="sm"
              aria-label={t("devices.renameNamed", { name: device.name })}
              onClick={() => ask("rename", device)}
            >
              {t("devices.rename")}
            </Button>
            {active ? (
              <Button
                variant="outline"
                size="sm"
                aria-label={t("devices.rekeyNamed", { name: device.name })}
                onClick={() => ask("rekey", device)}
              >
                {t("devices.rekey")}
              </Button>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              className="text-danger-foreground"
              aria-label={t("devices.removeNamed", { name: device.name })}
              onClick={() => ask("remove", device)}
            >
              {t("devices.remove")}
            </Button>
          </>
        }
      />
    );
  }

  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <PageHeading className="text-2xl font-semibold tracking-tight text-text">{t("devices.title")}</PageHeading>
        <p className="text-text-muted">{t("devices.intro", { limit: data?.limit ?? 5 })}</p>
        <p className="text-sm text-text-muted">{t("devices.privacy")}</p>
      </div>

      <FormMessage message={notice} />

      {issued ? (
        <ConfigCard
          ref={configRef}
          tabIndex={-1}
          tone="highlight"
          className="focus:outline-none"
          title={t("devices.config.title", { name: issued.device.name })}
          description={<p>{issued.ownKey ? t("devices.config.ownKey") : t("devices.config.once")}</p>}
          config={issued.text}
          fileName={configFileName(issued.device.name, issued.device.id)}
          downloadLabel={t("devices.config.download")}
          copyLabel={t("devices.config.copy")}
          copiedLabel={t("devices.config.copied")}
          copyFailedLabel={t("devices.config.copyFailed")}
          qrLabel={t("devices.config.qrLabel", { name: issued.device.name })}
          qrCaption={t("devices.config.qrCaption")}
          textLabel={t("devices.config.textLabel")}
        ></ConfigCard>
      ) : null}
      {issued ? (
        <div className="-mt-3">
          <Button
            variant="outline"
            onClick={() => {
              setIssued(null);
              listHeadingRef.current?.focus();
            }}
          >
            {t("devices.config.done")}
          </Button>
        </div>
      ) : null}

      {data && !active ? (
        <Alert
          variant="warning"
          live="off"
          title={t("devices.inactive.title")}
          action={
            <Button asChild size="sm">
              <Link to={PATHS.account.subscription}>{t("devices.inactive.cta")}</Link>
            </Button>
          }
        >
          {t("devices.inactive.body")}
        </Alert>
      ) : null}

      <Card asChild>
        <section aria-labelledby="devices-list-heading">
          <CardHeader>
            <CardTitle
              headingLevel={2}
              id="devices-list-heading"
              ref={listHeadingRef}
              tabIndex={-1}
              className="focus:outline-none"
            >
              {t("devices.listLabel")}
            </CardTitle>
            {data ? (
              <CardDescription>{t("devices.count", { count: data.devices.length, limit: data.limit })}</CardDescription>
            ) : null}
          </CardHeader>
          <CardContent>
            <DataState
              read={devices}
              loading={<DeviceList label={t("devices.listLabel")} loading loadingLabel={t("devices.loading")} />}
              failedTitle={t("devices.error")}
            >
              {(loaded) =>
                loaded.devices.length === 0 ? (
                  <EmptyState
                    icon={<Laptop />}
                    title={t("devices.empty.title")}
                    description={t("devices.empty.body")}
                  />
                ) : (
                  <DeviceList label={t("devices.listLabel")}>
                    {loaded.devices.map((device) => renderDevice(device))}
                  </DeviceList>
                )
              }
            </DataState>
          </CardContent>
        </section>
      </Card>

      {data && active ? (
        <Card asChild>
          <section aria-labelledby="devices-add-heading">
            <CardHeader>
              <CardTitle headingLevel={2} id="devices-add-heading">
                {t("devices.add.title")}
              </CardTitle>
              {full ? null : <CardDescription>{t("devices.add.body")}</CardDescription>}
            </CardHeader>
            <CardContent>
              {full ? (
                <Alert variant="info" live="off" title={t("devices.limit.title")}>
                  {t("devices.limit.body", { limit: data.limit })}
                </Alert>
              ) : (
                // The locations are a read of their own: a failure says why with Try again
                // (docs/product.md §8.4), never "no location is available".
                <DataState read={servers} loading={addForm(undefined)} failedTitle={t("devices.add.serversError")}>
                  {(list) => addForm(list)}
                </DataState>
              )}
            </CardContent>
          </section>
        </Card>
      ) : null}

      <DeviceDialog
        open={pending !== null}
        title={
          pending?.kind === "rename"
            ? t("devices.rename.title")
            : pending?.kind === "rekey"
              ? t("devices.rekey.title", { name: pending.device.name })
              : t("devices.remove.title", { name: pending?.device.name ?? "" })
        }
        description={
          pending?.kind === "rekey"
            ? t("devices.rekey.body")
            : pending?.kind === "remove"
              ? t("devices.remove.body")
              : undefined
        }
        icon={pending?.kind === "rename" ? <PencilLine /> : pending?.kind === "rekey" ? <KeyRound /> : <Trash2 />}
        tone={pending?.kind === "remove" ? "danger" : "default"}
        confirmLabel={
          pending?.kind === "rename"
            ? t("devices.rename.save")
            : pending?.kind === "rekey"
              ? t("devices.rekey.confirm")
              : t("devices.remove.confirm")
        }
        busy={busy}
        error={dialogError}
        onConfirm={() => void confirm()}
        onCancel={() => setPending(null)}
        returnFocus={returnFocus}
      >
        {pending?.kind === "rename" ? (
          <TextField
            label={t("devices.rename.label")}
            value={newName}
            maxLength={DEVICE_NAME_MAX}
            error={nameError}
            autoComplete="off"
            onChange={(event) => setNewName(event.target.value)}
          />
        ) : null}
      </DeviceDialog>
    </div>
  );
}
