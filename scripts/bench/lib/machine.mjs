// What the numbers were measured on: printed with every run and stored with the results, because
// these machines are shared and noisy (a number without its load average means little).
import { execFileSync } from "node:child_process";
import os from "node:os";

function freeH() {
  try {
    return execFileSync("free", ["-h"], { encoding: "utf8" }).trim();
  } catch {
    return `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB total, ${(os.freemem() / 2 ** 30).toFixed(1)} GiB free`;
  }
}

export function loadAverage() {
  return os.loadavg().map((n) => Number(n.toFixed(2)));
}

export function describeMachine() {
  return {
    date: new Date().toISOString(),
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? "unknown",
    memory: freeH(),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverage: loadAverage(),
  };
}

export function printMachine(m = describeMachine()) {
  console.log(`date ${m.date} · node ${m.node} · ${m.nproc} cores (${m.cpu}) · ${m.platform}`);
  console.log(`load average (1/5/15 min) ${m.loadAverage.join(" / ")}`);
  console.log(m.memory);
  if (m.loadAverage[0] > m.nproc) {
    console.log(`⚠ the 1-minute load (${m.loadAverage[0]}) exceeds the core count: numbers below are depressed`);
  }
  return m;
}
