#!/usr/bin/env node
// A stand-in for wireguard-tools' `wg`, for the agent's unit tests: it keeps one interface's peers
// in a JSON file (FAKE_WG_STATE, set by the launcher fake-wg.ts writes) and records every argv it
// was called with, so tests can check what the agent asked for — and that it asked nothing else.
// It is strict like the real `wg`: an argument it does not know fails the call. It knows no
// syncconf/setconf: those reset the interface's private key and port, and the agent must not use them.
// Each call holds the state's lock from its read to its write (fake-wg-state.mjs says why).
import { readState, withStateLock, writeState } from "./fake-wg-state.mjs";

const stateFile = process.env.FAKE_WG_STATE;
withStateLock(stateFile, () => run(readState(stateFile), process.argv.slice(2)));

function run(state, argv) {
  state.calls.push(argv);
  const save = () => writeState(stateFile, state);
  const fail = (message) => {
    state.errors.push(message);
    save();
    process.stderr.write(`${message}\n`);
    process.exit(1);
  };

  if (state.failing) fail("Unable to modify interface: Protocol not supported");
  const [command, iface, ...rest] = argv;
  if (iface !== state.iface) fail(`Unable to access interface: No such device (${iface})`);

  if (command === "set") {
    for (let i = 0; i < rest.length; ) {
      if (rest[i] !== "peer") fail(`Invalid argument: ${rest[i]}`);
      const key = rest[i + 1];
      if (rest[i + 2] === "remove") {
        delete state.peers[key];
        i += 3;
      } else if (rest[i + 2] === "allowed-ips") {
        state.peers[key] = rest[i + 3].split(",");
        i += 4;
      } else fail(`Invalid argument: ${rest[i + 2]}`);
    }
  } else if (command === "show" && rest[0] === "allowed-ips") {
    let out = "";
    for (const [key, ips] of Object.entries(state.peers)) out += `${key}\t${ips.length ? ips.join(" ") : "(none)"}\n`;
    process.stdout.write(out);
  } else if (command === "show" && rest[0] === "dump") {
    let out = `PRIVATEKEYPRIVATEKEYPRIVATEKEYPRIVATEKEY0=\tPUBLICKEY\t51820\toff\n`;
    for (const [key, ips] of Object.entries(state.peers)) {
      const s = state.stats[key] ?? { handshake: 0, rx: 0, tx: 0 };
      out += `${key}\t(none)\t203.0.113.9:4444\t${ips.join(",")}\t${s.handshake}\t${s.rx}\t${s.tx}\toff\n`;
    }
    process.stdout.write(out);
  } else fail(`Invalid subcommand: ${command}`);
  save();
}
