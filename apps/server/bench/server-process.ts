import { type ChildProcess, spawn } from "node:child_process";

/** A bench's server stays quiet: no lab simulator, no stand-in sales, no sweeps or polls during a run. */
export const QUIET_SERVER_ENV: Record<string, string> = {
  NODE_ENV: "development",
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  SEED_DEMO: "true",
  INTAKE_STAND_INS: "false",
  INTAKE_STAND_IN_SELL_SECONDS: "0",
  LAB_SIMULATOR: "false",
  OUTBOX_POLL_SECONDS: "3600",
  READY_REMINDER_SWEEP_SECONDS: "0",
  TRACKING_POLL_SECONDS: "0",
  LENS_STATUS_POLL_SECONDS: "0",
  RECALL_RUN_SECONDS: "0",
  MANIFEST_TIMES: "off",
};

/**
 * The server as its own process (`args` after the Node that runs the bench), answered once it says
 * it is running; its stdout is drained after that so it never blocks on a full pipe.
 */
export async function startServerProcess(
  args: string[],
  env: Record<string, string>,
  options: { cwd?: string; timeoutMs?: number } = {},
): Promise<ChildProcess> {
  const timeoutMs = options.timeoutMs ?? 300_000;
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: { ...process.env, ...QUIET_SERVER_ENV, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start in ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    child.stdout?.on("data", (d: Buffer) => {
      if (d.toString().includes("Loupe is running")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => reject(new Error(`the server stopped (${code})`)));
  });
  child.stdout?.resume();
  return child;
}

/** Stops the server with SIGTERM and waits for it to exit. */
export async function stopServerProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}
