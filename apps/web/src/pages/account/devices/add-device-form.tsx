import type { Device, PeerConfig, Server } from "@veil/contracts/constants";
import { API_ROUTES } from "@veil/contracts/constants";
import { Button, TextAreaField } from "@veil/ui";
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import { api } from "../../../api/client.js";
import { FormMessage, type FormMessageValue } from "../../../components/form-message.js";
import { generateKeyPair, publicKeyProblem } from "../../../devices/keys.js";
import { OWN_PRIVATE_KEY, wireguardConfig } from "../../../devices/wireguard-config.js";
import { useMessageText } from "../../../i18n/use-message.js";
import { useT } from "../../../i18n/use-t.js";
import { deviceErrorMessage } from "./device-errors.js";
import { serverLabel } from "./server-label.js";

/** A config made for the customer, shown once. */
export interface IssuedConfig {
  device: Device;
  text: string;
  /** The customer brought their own key: the text has a placeholder where the private key goes. */
  ownKey: boolean;
}

/**
 * "Add a device": a location and either a key pair made here (the default) or a pasted public key
 * ("I already have a key"). Only the public key is sent; the private key stays in this function's
 * scope until it is written into the config text handed to `onAdded`.
 */
export function AddDeviceForm({
  servers,
  onAdded,
  onRefused,
}: {
  /** The locations; `undefined` while they load (the page shows their failure itself). */
  servers: Server[] | undefined;
  onAdded: (issued: IssuedConfig | null, device: Device) => void;
  /** The server refused for a reason that changes the page (limit, subscription): reload the list. */
  onRefused: () => void;
}) {
  const t = useT();
  const intl = useIntl();
  const messageText = useMessageText();
  const selectId = useId();
  const [serverId, setServerId] = useState<string>("");
  const [ownKey, setOwnKey] = useState(false);
  const [pasted, setPasted] = useState("");
  const [keyError, setKeyError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<FormMessageValue | null>(null);
  const [busy, setBusy] = useState(false);

  // The first location that is online (or the demo), unless the customer picked one.
  const chosen = serverId || (servers?.find((s) => s.online || s.demo) ?? servers?.[0])?.id || "";

  async function submit() {
    if (busy) return;
    setError(null);
    if (ownKey) {
      const problem = publicKeyProblem(pasted);
      if (problem) {
        setKeyError(t(problem === "empty" ? "devices.add.ownKeyEmpty" : "devices.add.ownKeyInvalid"));
        return;
      }
    }
    setKeyError(undefined);
    setBusy(true);
    try {
      const pair = ownKey ? null : await generateKeyPair();
      const publicKey = pair ? pair.publicKey : pasted.trim();
      const reply = await api(API_ROUTES.createDevice, { publicKey, ...(chosen ? { serverId: chosen } : {}) });
      const issued = reply.config ? issue(reply.device, reply.config, pair?.privateKey ?? null) : null;
      setPasted("");
      setOwnKey(false);
      onAdded(issued, reply.device);
    } catch (err) {
      setError({ tone: "error", text: messageText(deviceErrorMessage(err)) });
      onRefused();
    } finally {
      setBusy(false);
    }
  }

  if (servers && servers.length === 0) return <p className="text-text-muted">{t("devices.add.noServers")}</p>;

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="flex flex-col gap-1.5">
        <label htmlFor={selectId} className="font-medium text-sm text-text">
          {t("devices.add.locationLabel")}
        </label>
        <select
          id={selectId}
          value={chosen}
          disabled={!servers}
          onChange={(event) => setServerId(event.target.value)}
          className="h-11 w-full rounded-md border border-border-strong/45 bg-surface px-3 text-sm text-text outline-offset-2 focus-visible:outline-2 focus-visible:outline-focus"
        >
          {(servers ?? []).map((server) => (
            <option key={server.id} value={server.id}>
              {serverLabel(server, t, intl.locale)}
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-center gap-2 text-sm text-text">
        <input
          type="checkbox"
          checked={ownKey}
          onChange={(event) => {
            setOwnKey(event.target.checked);
            setKeyError(undefined);
          }}
          className="size-4 accent-primary"
        />
        {t("devices.add.ownKey")}
      </label>
      {ownKey ? (
        <TextAreaField
          label={t("devices.add.ownKeyLabel")}
          hint={t("devices.add.ownKeyHint")}
          error={keyError}
          value={pasted}
          rows={2}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="off"
          className="font-mono"
          onChange={(event) => setPasted(event.target.value)}
        />
      ) : null}
      <FormMessage message={error} />
      <div>
        <Button type="submit" loading={busy} disabled={!servers}>
          {t("devices.add.submit")}
        </Button>
      </div>
    </form>
  );
}

/** The config text for a device: with the private key made here, or a placeholder for one the customer kept. */
export function issue(device: Device, config: PeerConfig, privateKey: string | null): IssuedConfig {
  return { device, text: wireguardConfig(privateKey ?? OWN_PRIVATE_KEY, config), ownKey: privateKey === null };
}
